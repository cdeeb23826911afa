/**
 * The identity service: sign-up, login, e-mail verification codes, sessions, profile,
 * password and account deletion, and the admin user list (`/api/auth`, `/api/user`, `/api/admin`).
 * It owns the `users`, `verification_codes`, `revoked_sessions`, `first_admin` and `outbox` tables.
 *
 * @example
 * import { createIdentity } from '@dayframe/identity';
 * import { createJournals } from '@dayframe/journals';
 * const identity = createIdentity({ db, tokens, secret, jobs, events, limiter, log });
 * await identity.migrate();
 * const journals = createJournals({ db, tokens, checkSession: identity.checkSession, log });
 */
export { createIdentity, type Identity, type IdentityDeps } from './identity-service.ts';
export { identityConfig, identitySettings, bcryptCost, type IdentityConfig } from './config.ts';
export { configuredIdentity, type ConfiguredIdentity } from './configured-identity.ts';
