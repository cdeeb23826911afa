import type { SignInSecurity } from '@dayframe/contracts';
import type { IdentityScope } from '../scope.ts';
import type { StoredUser } from '../data/user-row.ts';
import { passkeysOf } from '../data/second-factors-repo.ts';
import { findTotp } from '../data/totp-factors-repo.ts';
import { recoveryCodesLeft } from '../data/recovery-codes-repo.ts';
import { mustSetUpSecondFactor } from '../admin-second-factor.ts';

/** `GET /auth/2fa`: what guards the account now, as Settings shows it. */
export async function signInSecurityOf(
  scope: IdentityScope,
  user: StoredUser,
): Promise<SignInSecurity> {
  const [totp, left, passkeys, required] = await Promise.all([
    findTotp(scope.db, user._id),
    recoveryCodesLeft(scope.db, user._id),
    passkeysOf(scope.db, user._id),
    mustSetUpSecondFactor(scope, { id: user._id, role: user.role }),
  ]);
  const on = Boolean(totp?.enabledAt);
  return {
    totp: on,
    totpEnabledAt: on ? totp!.enabledAt : null,
    recoveryCodesLeft: on ? left : 0,
    passkeys,
    required,
  };
}
