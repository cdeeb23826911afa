import {
  SIGN_IN_CHALLENGE_TTL_MS,
  type SecondFactorMethod,
  type TwoFactorChallenge,
} from '@dayframe/contracts';
import type { IdentityScope } from '../scope.ts';
import type { StoredUser } from '../data/user-row.ts';
import { secondFactorsOf } from '../data/second-factors-repo.ts';
import { createChallenge } from '../data/challenges-repo.ts';

/** The `purpose` of a login waiting for its second factor (`sign_in_challenges`). */
export const SECOND_FACTOR_PURPOSE = 'second-factor';

/**
 * After the right password: for an account with a second factor, a challenge (single use, five
 * minutes, bound to the session version so a password change ends it) and the methods it may
 * be answered with; null for an account without one, which signs in as before.
 */
export async function startSecondFactor(
  scope: IdentityScope,
  user: StoredUser,
): Promise<TwoFactorChallenge | null> {
  const factors = await secondFactorsOf(scope.db, user._id);
  const methods: SecondFactorMethod[] = [];
  if (factors.totp) methods.push('totp');
  if (factors.passkeys > 0) methods.push('passkey');
  if (factors.totp) methods.push('recovery');
  if (methods.length === 0) return null;
  const now = scope.clock.now();
  const challenge = await createChallenge(
    scope.db,
    {
      purpose: SECOND_FACTOR_PURPOSE,
      userId: user._id,
      sessionVersion: user.sessionVersion,
      expiresAt: now + SIGN_IN_CHALLENGE_TTL_MS,
    },
    now,
  );
  scope.log.info({ userId: user._id }, 'password right, second factor asked');
  return { twoFactorRequired: true, challenge, methods };
}
