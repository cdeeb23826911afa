import type { AuthResponse } from '@dayframe/contracts';
import { MESSAGES } from '@dayframe/contracts';
import { badRequest, tooManyRequests } from '@dayframe/service-kit/http';
import { rateLimitKey } from '@dayframe/service-kit/limits';
import type { IdentityScope } from './scope.ts';
import { CODE_MAX_ATTEMPTS } from './codes.ts';
import { issueSession, newSignIn } from './session.ts';
import { codeStateForUpdate, saveCodeState } from './data/codes-repo.ts';
import { findUserByEmail, markUserVerified } from './data/users-repo.ts';
import type { StoredUser } from './data/user-row.ts';
import type { Knex } from '@dayframe/service-kit/db';

/**
 * Wrong codes from one address, whatever the account: the per-code limit stops guessing at one
 * account, this one stops an address from guessing five times at each of many accounts.
 */
const WRONG_CODES_PER_ADDRESS = { limit: 30, windowMs: 3_600_000 };

type Outcome = 'verified' | 'invalid' | 'burnt';

/**
 * Checks a code: single use, valid until it expires, burnt by the fifth wrong try. Success marks
 * the user verified and answers a token that may change the password for the next ten minutes.
 * The account of `ADMIN_EMAIL` becomes admin when its address turns verified: only whoever reads
 * that mailbox gets the role, and a later revoke by the admin CLI holds across sign-ins by code.
 */
export async function verifyCode(
  scope: IdentityScope,
  email: string,
  otp: string,
  clientAddress: string,
): Promise<AuthResponse> {
  const user = await findUserByEmail(scope.db, email);
  const now = scope.clock.now();
  const becomesAdmin =
    user !== null &&
    !user.verified &&
    user.role !== 'admin' &&
    user.email === scope.settings.adminEmail;
  const checked = await checkCode(scope, user, otp, clientAddress, (trx, owner) =>
    markUserVerified(trx, scope.sessionsChanged, owner._id, becomesAdmin ? 'admin' : undefined),
  );
  scope.log.info({ userId: checked._id }, 'code verified');
  if (becomesAdmin) scope.log.warn({ userId: checked._id }, 'ADMIN_EMAIL verified: made admin');
  const verified = {
    ...checked,
    verified: true,
    role: becomesAdmin ? 'admin' : checked.role,
  } as const;
  return issueSession(scope, verified, newSignIn(scope), {
    codeVerifiedAt: now,
  });
}

/**
 * Spends `otp` against the code mailed to `user` (null: no such account, refused as a wrong
 * code) and answers that user: single use, valid until it expires, burnt by the fifth wrong try, wrong tries counted
 * per address too. `onMatch` runs in the transaction that spends it. Code verification and the
 * step-up confirmation (`confirm.ts`) both go through here, so they share one budget.
 */
export async function checkCode(
  scope: IdentityScope,
  user: StoredUser | null,
  otp: string,
  clientAddress: string,
  onMatch: (trx: Knex.Transaction, user: StoredUser) => Promise<unknown> = async () => undefined,
): Promise<StoredUser> {
  const addressKey = `code:wrong:${rateLimitKey(clientAddress)}`;
  const budget = await scope.limiter.peek(addressKey, WRONG_CODES_PER_ADDRESS.limit);
  if (!budget.allowed)
    throw tooManyRequests(
      MESSAGES.tooManyCodeGuesses,
      budget.retryAfterMs / 1000,
      'too_many_code_guesses',
    );
  const wrong = () =>
    scope.limiter.hit(addressKey, Infinity, WRONG_CODES_PER_ADDRESS.windowMs).then(() => undefined);
  if (!user) {
    await wrong();
    throw badRequest(MESSAGES.codeInvalid, 'invalid_code');
  }
  const now = scope.clock.now();
  // The attempt count must be saved even when the answer is an error, so decide inside the
  // transaction and throw after it commits.
  const outcome = await scope.db.transaction(async (trx): Promise<Outcome> => {
    const state = await codeStateForUpdate(trx, user._id);
    if (!state) return 'invalid';
    if (state.attempts >= CODE_MAX_ATTEMPTS) return 'burnt';
    if (!state.codeHash || now > state.expiresAt) return 'invalid';
    if (scope.codeHasher.matches(user._id, otp, state.codeHash)) {
      await saveCodeState(trx, user._id, { ...state, codeHash: null, attempts: 0 });
      await onMatch(trx, user);
      return 'verified';
    }
    const attempts = state.attempts + 1;
    const burnt = attempts >= CODE_MAX_ATTEMPTS;
    // A burnt code ends its resend cooldown: whoever burnt it, the owner may ask for a new one
    // at once (the hourly cap still counts it).
    await saveCodeState(trx, user._id, {
      ...state,
      attempts,
      codeHash: burnt ? null : state.codeHash,
      sentAt: burnt ? 0 : state.sentAt,
    });
    return burnt ? 'burnt' : 'invalid';
  });
  if (outcome !== 'verified') await wrong();
  if (outcome === 'burnt')
    throw tooManyRequests(MESSAGES.codeAttemptsExceeded, 60, 'code_attempts_exceeded');
  if (outcome === 'invalid') throw badRequest(MESSAGES.codeInvalid, 'invalid_code');
  return user;
}
