import type { AuthResponse } from '@dayframe/contracts';
import type { SessionCheck, TokenClaims } from '@dayframe/service-kit';
import { unauthorized } from '@dayframe/service-kit';
import type { IdentityContext } from './context.ts';
import { toPublicUser, type StoredUser } from './data/users-repo.ts';

/** A token and the user, as login, signup, session check and code verification answer. */
export function issueSession(
  ctx: IdentityContext,
  user: StoredUser,
  options: { codeVerifiedAt?: number } = {},
): AuthResponse {
  const token = ctx.tokens.sign({
    sub: user._id,
    role: user.role,
    sv: user.sessionVersion,
    ...(options.codeVerifiedAt !== undefined
      ? { otp: Math.floor(options.codeVerifiedAt / 1000) }
      : {}),
  });
  return { token, user: toPublicUser(user) };
}

/** A signed token stands for a live session while its user exists and its session version is current. */
export function sessionCheck(ctx: IdentityContext): SessionCheck {
  return async (_token: string, claims: TokenClaims) => {
    const user = await ctx.users.findById(claims.sub);
    if (!user || user.sessionVersion !== claims.sv) return null;
    return { id: user._id, role: user.role, verified: user.verified };
  };
}

/** `GET /auth/verify`: the current user and a fresh token for the same session. */
export async function refreshSession(ctx: IdentityContext, userId: string): Promise<AuthResponse> {
  const user = await ctx.users.findById(userId);
  if (!user) throw unauthorized();
  return issueSession(ctx, user);
}
