import type { LoginRequest, LoginResponse } from '@dayframe/contracts';
import { MESSAGES } from '@dayframe/contracts';
import { HttpError, notFound, tooManyRequests } from '@dayframe/service-kit/http';
import { rateLimitKey } from '@dayframe/service-kit/limits';
import type { IdentityScope } from './scope.ts';
import { issueSession, newSignIn } from './session.ts';
import { findUserByEmail } from './data/users-repo.ts';
import type { StoredUser } from './data/user-row.ts';
import { startSecondFactor } from './second-factor/login-challenge.ts';

const MINUTE = 60_000;

/**
 * Who may try how often. No limit is on the account alone: then anyone could lock its owner
 * out by guessing wrong on purpose. So failures are counted per account *and* address (that
 * pair is refused for a while), per address across accounts (a sprayer is refused), and per
 * account across addresses only to slow the answers down (an account attacked from many
 * addresses is slowed, never blocked: the right password from a clean address still works).
 */
const LOGIN_LIMITS = {
  /** Every attempt from one address, right or wrong. */
  perAddress: { limit: 30, windowMs: MINUTE },
  /** Wrong passwords for one account from one address. */
  failuresPerPair: { limit: 10, windowMs: 15 * MINUTE },
  /** Failed logins from one address, whatever the account. */
  failuresPerAddress: { limit: 50, windowMs: 60 * MINUTE },
  /** Wrong passwords for one account from anywhere: past `freeFailures`, every answer waits. */
  failuresPerAccount: { windowMs: 15 * MINUTE, freeFailures: 10, stepMs: 100, maxDelayMs: 500 },
};

/** How long an attempt on an account with `failures` recent failures waits before the check. */
function loginDelayMs(failures: number): number {
  const rule = LOGIN_LIMITS.failuresPerAccount;
  const over = failures - rule.freeFailures;
  return over <= 0 ? 0 : Math.min(rule.stepMs * over, rule.maxDelayMs);
}

/** One login attempt under the limits above: what to call when it turns out wrong or right. */
export type LoginAttempt = {
  /** A wrong password or second factor: counted per pair, per address and per account. */
  failed(): Promise<void>;
  /** Fully signed in: the pair's and the account's failures are forgotten. */
  succeeded(): Promise<void>;
};

/**
 * Counts an attempt on the account of `email` from `clientAddress` and refuses it (429) while
 * the address or the pair is over its limits; an account attacked from many addresses is only
 * slowed. The password and the second factor (`second-factor/`) both go through here, so a
 * guessed authenticator code spends the same per-address budget as a guessed password.
 */
export async function startLoginAttempt(
  scope: IdentityScope,
  email: string,
  clientAddress: string,
): Promise<LoginAttempt> {
  const address = rateLimitKey(clientAddress);
  const keys = {
    address: `login:addr:${address}`,
    addressFailures: `login:addr-fail:${address}`,
    pair: `login:pair:${address}:${email}`,
    account: `login:acct:${email}`,
  };
  const refuse = (retryAfterMs: number) =>
    tooManyRequests(MESSAGES.tooManyLogins, retryAfterMs / 1000, 'too_many_logins');

  const attempts = await scope.limiter.hit(
    keys.address,
    LOGIN_LIMITS.perAddress.limit,
    LOGIN_LIMITS.perAddress.windowMs,
  );
  if (!attempts.allowed) throw refuse(attempts.retryAfterMs);
  for (const [key, limit] of [
    [keys.addressFailures, LOGIN_LIMITS.failuresPerAddress.limit],
    [keys.pair, LOGIN_LIMITS.failuresPerPair.limit],
  ] as const) {
    const decision = await scope.limiter.peek(key, limit);
    if (!decision.allowed) throw refuse(decision.retryAfterMs);
  }
  const delay = loginDelayMs((await scope.limiter.peek(keys.account, Infinity)).count);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));

  return {
    async failed() {
      await scope.limiter.hit(
        keys.addressFailures,
        Infinity,
        LOGIN_LIMITS.failuresPerAddress.windowMs,
      );
      await scope.limiter.hit(keys.pair, Infinity, LOGIN_LIMITS.failuresPerPair.windowMs);
      await scope.limiter.hit(keys.account, Infinity, LOGIN_LIMITS.failuresPerAccount.windowMs);
    },
    async succeeded() {
      await scope.limiter.reset(keys.pair);
      await scope.limiter.reset(keys.account);
    },
  };
}

/** The account of `email` when `password` is its password; a wrong answer counted and refused. */
async function passwordOwner(
  scope: IdentityScope,
  input: Required<LoginRequest>,
  clientAddress: string,
): Promise<{ user: StoredUser; attempt: LoginAttempt }> {
  const attempt = await startLoginAttempt(scope, input.email, clientAddress);
  const user = await findUserByEmail(scope.db, input.email);
  if (!user) {
    await attempt.failed();
    throw notFound(MESSAGES.noUserWithEmail, 'unknown_email');
  }
  if (!(await scope.passwords.matches(input.password, user.passwordHash))) {
    await attempt.failed();
    throw new HttpError(409, MESSAGES.incorrectPassword, 'incorrect_password');
  }
  return { user, attempt };
}

/**
 * Checks `password` for the account of `email` under the limits above and answers that account;
 * a wrong password or an unknown address is counted and refused as login refuses it. Login and
 * the step-up confirmation (`confirm.ts`) both go through here, so guessing a password through
 * either spends the same budget.
 */
export async function checkPassword(
  scope: IdentityScope,
  input: Required<LoginRequest>,
  clientAddress: string,
): Promise<StoredUser> {
  const { user, attempt } = await passwordOwner(scope, input, clientAddress);
  await attempt.succeeded();
  return user;
}

/**
 * `POST /auth/login`. An account with a second factor (issue 28) gets a challenge instead of a
 * token, and its failures are forgotten only once that is answered too: the right password
 * alone must not wipe the count of wrong codes.
 */
export async function logIn(
  scope: IdentityScope,
  input: Required<LoginRequest>,
  clientAddress: string,
): Promise<LoginResponse> {
  const { user, attempt } = await passwordOwner(scope, input, clientAddress);
  const challenge = await startSecondFactor(scope, user);
  if (challenge) return challenge;
  await attempt.succeeded();
  return issueSession(scope, user, newSignIn(scope));
}
