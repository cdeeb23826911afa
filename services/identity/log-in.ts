import type { AuthResponse, LoginRequest } from '@dayframe/contracts';
import { MESSAGES } from '@dayframe/contracts';
import { HttpError, notFound, tooManyRequests } from '@dayframe/service-kit';
import type { IdentityContext } from './context.ts';
import { issueSession } from './session.ts';

export const LOGIN_LIMITS = {
  perAddress: { limit: 30, windowMs: 60_000 },
  perAccount: { limit: 10, windowMs: 15 * 60_000 },
};

export async function logIn(
  ctx: IdentityContext,
  input: Required<LoginRequest>,
  clientAddress: string,
): Promise<AuthResponse> {
  for (const [key, rule] of [
    [`login:addr:${clientAddress}`, LOGIN_LIMITS.perAddress],
    [`login:acct:${input.email}`, LOGIN_LIMITS.perAccount],
  ] as const) {
    const decision = await ctx.limiter.hit(key, rule.limit, rule.windowMs);
    if (!decision.allowed)
      throw tooManyRequests(
        MESSAGES.tooManyLogins,
        decision.retryAfterMs / 1000,
        'too_many_logins',
      );
  }
  const user = await ctx.users.findByEmail(input.email);
  if (!user) throw notFound(MESSAGES.noUserWithEmail, 'unknown_email');
  if (!(await ctx.passwords.matches(input.password, user.passwordHash))) {
    throw new HttpError(409, MESSAGES.incorrectPassword, 'incorrect_password');
  }
  await ctx.limiter.reset(`login:acct:${input.email}`);
  return issueSession(ctx, user);
}
