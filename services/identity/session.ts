import { randomUUID } from 'node:crypto';
import { MESSAGES, type AuthResponse } from '@dayframe/contracts';
import { unauthorized } from '@dayframe/service-kit/http';
import type { AuthUser, SessionCheck, TokenClaims } from '@dayframe/service-kit/tokens';
import type { IdentityScope } from './scope.ts';
import { toPublicUser } from './data/users-repo.ts';
import type { StoredUser } from './data/user-row.ts';
import { isSessionRevoked, revokeSession } from './data/sessions-repo.ts';
import { findUserById } from './data/users-repo.ts';

/** However often a token is refreshed, its sign-in ends this long after it happened. */
const SESSION_LIFETIME_MS = 30 * 24 * 3_600_000;

/** One sign-in on one device: its id (what Log Out revokes) and when it happened (seconds). */
export type SignIn = { sid: string; sat: number };

/** A new sign-in, starting now. */
export function newSignIn(scope: IdentityScope): SignIn {
  return { sid: randomUUID(), sat: Math.floor(scope.clock.now() / 1000) };
}

/** The sign-in a caller's token belongs to, carried on by every token issued from it. */
export function signInOf(claims: TokenClaims): SignIn {
  return { sid: claims.sid!, sat: claims.sat! };
}

/** A token and the user, as login, signup, session check and code verification answer. */
export function issueSession(
  scope: IdentityScope,
  user: StoredUser,
  signIn: SignIn,
  options: { codeVerifiedAt?: number } = {},
): AuthResponse {
  const token = scope.tokens.sign({
    sub: user._id,
    role: user.role,
    sv: user.sessionVersion,
    sid: signIn.sid,
    sat: signIn.sat,
    ...(options.codeVerifiedAt !== undefined
      ? { otp: Math.floor(options.codeVerifiedAt / 1000) }
      : {}),
  });
  return { token, user: toPublicUser(user) };
}

/**
 * A signed token stands for a live session while its user exists with that session version,
 * its sign-in is younger than the absolute lifetime, and that sign-in was not logged out.
 */
export function sessionCheck(scope: IdentityScope): SessionCheck {
  return async (_token: string, claims: TokenClaims) => {
    if (claims.sid === undefined || claims.sat === undefined) return null;
    if (scope.clock.now() - claims.sat * 1000 > SESSION_LIFETIME_MS) return null;
    const [user, revoked] = await Promise.all([
      findUserById(scope.db, claims.sub),
      isSessionRevoked(scope.db, claims.sid),
    ]);
    if (!user || user.sessionVersion !== claims.sv || revoked) return null;
    return { id: user._id, role: user.role, verified: user.verified };
  };
}

/**
 * `GET /auth/verify`: the current user and a fresh token for the same sign-in. The fresh token
 * keeps the sign-in time, so refreshing never carries a session past its absolute lifetime.
 */
export async function refreshSession(
  scope: IdentityScope,
  caller: AuthUser,
): Promise<AuthResponse> {
  const user = await findUserById(scope.db, caller.id);
  if (!user) throw unauthorized();
  return issueSession(scope, user, signInOf(caller.claims));
}

/** `POST /auth/logout`: ends this sign-in on the server; the user's other devices stay in. */
export async function logOut(scope: IdentityScope, caller: AuthUser) {
  await revokeSession(scope.db, scope.sessionsChanged, {
    sid: caller.claims.sid!,
    userId: caller.id,
    expiresAt: caller.claims.exp * 1000,
  });
  scope.log.info({ userId: caller.id }, 'logged out');
  return { message: MESSAGES.loggedOut };
}
