import type { SignInSecurity } from '@dayframe/contracts';
import type { IdentityScope } from '../scope.ts';
import type { StoredUser } from '../data/user-row.ts';
import { passkeysOf } from '../data/second-factors-repo.ts';
import { findTotp } from '../data/totp-factors-repo.ts';
import { recoveryCodesLeft } from '../data/recovery-codes-repo.ts';

/**
 * Whether this account must set up a second factor before anything else. False for now: the
 * admin work of issue 28 makes it true for an admin without one under `REQUIRE_ADMIN_2FA`.
 */
export function secondFactorRequired(_scope: IdentityScope, _user: StoredUser): boolean {
  return false;
}

/** `GET /auth/2fa`: what guards the account now, as Settings shows it. */
export async function signInSecurityOf(
  scope: IdentityScope,
  user: StoredUser,
): Promise<SignInSecurity> {
  const [totp, left, passkeys] = await Promise.all([
    findTotp(scope.db, user._id),
    recoveryCodesLeft(scope.db, user._id),
    passkeysOf(scope.db, user._id),
  ]);
  const on = Boolean(totp?.enabledAt);
  return {
    totp: on,
    totpEnabledAt: on ? totp!.enabledAt : null,
    recoveryCodesLeft: on ? left : 0,
    passkeys,
    required: secondFactorRequired(scope, user),
  };
}
