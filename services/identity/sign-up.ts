import { randomUUID } from 'node:crypto';
import type { AuthResponse, SignupRequest } from '@dayframe/contracts';
import { MESSAGES } from '@dayframe/contracts';
import { conflict, HttpError, tooManyRequests } from '@dayframe/service-kit/http';
import { rateLimitKey } from '@dayframe/service-kit/limits';
import type { IdentityScope } from './scope.ts';
import { issueSession, newSignIn } from './session.ts';
import { createUser, findUserByEmail } from './data/users-repo.ts';

/**
 * Each sign-up costs a bcrypt hash and a row. One address may sign up a few people an hour
 * (a family, a classroom); and however many addresses join in, sign-ups as a whole stay below
 * a ceiling, so a wave of them cannot take the hashing slots that logins need.
 */
const SIGNUP_LIMITS = {
  perAddress: { windowMs: 3_600_000 }, // limit: SIGNUPS_PER_ADDRESS_PER_HOUR, 10 by default
  overall: { windowMs: 60_000 }, // limit: SIGNUPS_PER_MINUTE, 60 by default
};

export async function signUp(
  scope: IdentityScope,
  input: Required<SignupRequest>,
  clientAddress: string,
): Promise<AuthResponse> {
  const byAddress = await scope.limiter.hit(
    `signup:addr:${rateLimitKey(clientAddress)}`,
    scope.settings.signupsPerAddressPerHour,
    SIGNUP_LIMITS.perAddress.windowMs,
  );
  if (!byAddress.allowed)
    throw tooManyRequests(
      MESSAGES.tooManySignups,
      byAddress.retryAfterMs / 1000,
      'too_many_signups',
    );
  const overall = await scope.limiter.hit(
    'signup:all',
    scope.settings.signupsPerMinute,
    SIGNUP_LIMITS.overall.windowMs,
  );
  if (!overall.allowed)
    throw new HttpError(503, MESSAGES.signupsBusy, 'signups_busy', {
      'Retry-After': String(Math.max(1, Math.ceil(overall.retryAfterMs / 1000))),
    });

  // Checked before hashing so a taken address costs no bcrypt time; the unique key still decides races.
  if (await findUserByEmail(scope.db, input.email))
    throw conflict(MESSAGES.emailInUse, 'email_in_use');
  const passwordHash = await scope.passwords.hash(input.password);
  const user = await createUser(
    scope.db,
    {
      id: randomUUID(),
      name: input.name,
      email: input.email,
      passwordHash,
      createdAt: new Date(scope.clock.now()).toISOString(),
    },
    MESSAGES.emailInUse,
    scope.settings.firstSignUpIsAdmin,
  );
  scope.log.info({ userId: user._id, role: user.role }, 'user signed up');
  return issueSession(scope, user, newSignIn(scope));
}
