import type { Context, Next } from 'koa';
import type { Role } from '@dayframe/contracts';
import { MESSAGES, ADMIN_MESSAGES } from '@dayframe/contracts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { TokenClaims, Tokens } from './tokens.ts';
import type { AppState } from '../http/request-context.ts';

/** The caller, as the identity service knows them right now (not as the token remembers). */
export type AuthUser = { id: string; role: Role; verified: boolean; claims: TokenClaims };

/**
 * Confirms that a validly signed token still stands for a live session: the user exists and
 * the token's session version is current. Identity answers it from its table in-process, or
 * over HTTP for a service in its own process.
 */
export type SessionCheck = (
  token: string,
  claims: TokenClaims,
) => Promise<Omit<AuthUser, 'claims'> | null>;

/** What every service's route factories get to authenticate callers (see `authenticate`). */
export type RouteAuth = { tokens: Tokens; checkSession: SessionCheck };

export function bearerToken(ctx: Context): string | null {
  const header = ctx.get('authorization');
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * Requires a valid, current session. By default the user must also have verified their
 * e-mail: the spec sends an unverified user to /verify, and the server agrees.
 */
export function authenticate(
  tokens: Tokens,
  checkSession: SessionCheck,
  options: { requireVerified?: boolean } = {},
) {
  const requireVerified = options.requireVerified ?? true;
  return async function authenticateMiddleware(ctx: Context, next: Next) {
    const token = bearerToken(ctx);
    if (!token) throw unauthorized('Please log in.', 'missing_token');
    const claims = tokens.verify(token);
    if (!claims)
      throw unauthorized('Your session has expired. Please log in again.', 'invalid_token');
    const current = await checkSession(token, claims);
    if (!current)
      throw unauthorized('Your session has expired. Please log in again.', 'session_ended');
    if (requireVerified && !current.verified) throw forbidden(MESSAGES.verifyFirst, 'unverified');
    (ctx.state as AppState).user = { ...current, claims };
    await next();
  };
}

/** Lets only admins through; must follow `authenticate`. */
export function requireAdmin() {
  return async function requireAdminMiddleware(ctx: Context, next: Next) {
    if ((ctx.state as AppState).user?.role !== 'admin')
      throw forbidden(ADMIN_MESSAGES.adminOnly, 'admin_only');
    await next();
  };
}

/** The authenticated caller; only valid behind `authenticate`. */
export function currentUser(ctx: Context): AuthUser {
  const user = (ctx.state as AppState).user;
  if (!user) throw unauthorized();
  return user;
}
