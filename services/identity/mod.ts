/**
 * The identity service: sign-up, login, e-mail verification codes, sessions, step-up
 * confirmations (`POST /api/auth/confirm`), profile, password and account deletion, the admin
 * user list, and the sign-in security of issue 28: passkeys (`/api/auth/passkeys`), the
 * authenticator app and recovery codes, and the login's second step (`/api/auth/2fa`)
 * (`/api/auth`, `/api/user`, `/api/admin`).
 * It owns the `users`, `verification_codes`, `revoked_sessions`, `first_admin`, `outbox`,
 * `totp_factors`, `recovery_codes`, `passkeys` and `sign_in_challenges` tables.
 *
 * @example
 * import { createIdentity } from '@dayframe/identity';
 * const identity = createIdentity({ db, tokens, secret, jobs, events, limiter, log });
 * await identity.migrate();
 * // A service mounted beside it confirms a session by a call, not over HTTP:
 * const claims = tokens.verify(token);
 * const user = claims && (await identity.checkSession(token, claims));
 */
export { createIdentity, type Identity, type IdentityDeps } from './identity-service.ts';
export { identityConfig, identitySettings, bcryptCost, type IdentityConfig } from './config.ts';
export { configuredIdentity, type ConfiguredIdentity } from './configured-identity.ts';
