import type Koa from 'koa';
import type { ExportedSignIn } from '@dayframe/contracts';
import {
  createServiceApp,
  systemClock,
  type Clock,
  type Logger,
  type ReadinessChecks,
} from '@dayframe/service-kit/http';
import { batchesOf, migrate, pingDatabase, type Knex } from '@dayframe/service-kit/db';
import type { JobBus } from '@dayframe/service-kit/jobs';
import type { EventBus } from '@dayframe/service-kit/events';
import {
  cachedSessionCheck,
  type RouteAuth,
  type ServiceKey,
  type SessionCheck,
  type TokenIssuer,
} from '@dayframe/service-kit/tokens';
import type { RateLimiter } from '@dayframe/service-kit/limits';
import { migrations } from './data/migrations.ts';
import { existingUserIds, setUserRole } from './data/users-repo.ts';
import { outboxRelay, type OutboxRelay } from './outbox-relay.ts';
import { scheduleHouseKeeping } from './housekeeping.ts';
import { bcryptPasswords } from './passwords.ts';
import { codeHasher } from './codes.ts';
import { factorSecrets } from './second-factor/factor-secrets.ts';
import type { IdentityScope } from './scope.ts';
import { sessionCheck } from './session.ts';
import { authRoutes } from './http/auth-routes.ts';
import { secondFactorRoutes } from './http/second-factor-routes.ts';
import { userRoutes } from './http/user-routes.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { internalRoutes } from './http/internal-routes.ts';
import { mailAddressOf } from './mail-address.ts';
import { passkeyRoutes } from './http/passkey-routes.ts';
import { relyingPartyOf, type RelyingParty } from './passkeys/relying-party.ts';

import { signInMethodsOf } from './sign-in-methods.ts';

export type IdentityDeps = {
  db: Knex;
  /** Identity alone holds the private key: it is the only part that mints tokens. */
  tokens: TokenIssuer;
  /**
   * Verification and recovery codes are hashed, and authenticator-app secrets sealed, with keys
   * derived from it (`resolveCodeSecret`).
   */
  secret: string;
  /** The deployment's service-token key: checks the tokens on its `/internal/*` calls. */
  serviceKey: ServiceKey;
  jobs: JobBus;
  /** Where the outbox relay publishes `account.deleted`. */
  events: EventBus;
  /** How often the relay looks for undelivered events besides right after each deletion. */
  relayEveryMs?: number;
  limiter: RateLimiter;
  log: Logger;
  bcryptCost?: number;
  /** Sign-ups per client address per hour; 10 by default. */
  signupsPerAddressPerHour?: number;
  /** Sign-ups per minute from everywhere; 60 by default. */
  signupsPerMinute?: number;
  /** `REQUIRE_ADMIN_2FA`: an admin without a second factor is refused admin calls; false by default. */
  requireAdminSecondFactor?: boolean;
  /** The first account to sign up becomes admin (today's rule); true by default. */
  firstSignUpIsAdmin?: boolean;
  /** This address's account becomes admin when it is verified (`ADMIN_EMAIL`). */
  adminEmail?: string | null;
  /** How often the house keeping runs (unverified accounts, old revocations); hourly by default. */
  houseKeepingEveryMs?: number;
  clock?: Clock;
  /** Whom passkeys are made for; `npm start`'s defaults (`localhost`, port 8080) when not given. */
  relyingParty?: RelyingParty;
  /** Extra readiness probes, such as the queue's. */
  readiness?: ReadinessChecks;
};

export type Identity = {
  app: Koa;
  migrate(): Promise<void>;
  /**
   * For every other service in the same process: is this token's session still current? A
   * confirmed session is trusted for SESSION_TRUST_MS, less when identity changes it here.
   */
  checkSession: SessionCheck;
  /** Publishes the outbox's events after commit; start it after `migrate`, stop it on shutdown. */
  relay: OutboxRelay;
  /** For content services in the same process: which of these user ids have an account? */
  existingUsers(ids: string[]): Promise<Set<string>>;
  /** For reminders in the same process: the account's verified address and name, or null. */
  mailAddress(userId: string): Promise<{ email: string; name: string } | null>;
  /** For the archive in the same process: which sign-in methods the account has on (its export). */
  signInMethods(userId: string): Promise<ExportedSignIn>;
  /** Grants or revokes the admin role; false when no account has that e-mail. */
  setRole(email: string, role: 'user' | 'admin'): Promise<boolean>;
  /** Stops the house keeping schedule. */
  close(): Promise<void>;
};

export function createIdentity(deps: IdentityDeps): Identity {
  const clock = deps.clock ?? systemClock;
  const relay = outboxRelay({
    db: deps.db,
    events: deps.events,
    signer: deps.tokens,
    log: deps.log,
    clock,
    everyMs: deps.relayEveryMs,
  });
  // The repositories tell the session cache of every change to what the session check reads,
  // so that in this process a logout or a password change holds at once (elsewhere within
  // SESSION_TRUST_MS).
  const scope: IdentityScope = {
    db: deps.db,
    sessionsChanged: (userId) => checkSession.forget(userId),
    relay,
    passwords: bcryptPasswords(deps.bcryptCost ?? 12),
    codeHasher: codeHasher(deps.secret),
    factorSecrets: factorSecrets(deps.secret),
    tokens: deps.tokens,
    jobs: deps.jobs,
    limiter: deps.limiter,
    clock,
    log: deps.log,
    settings: {
      signupsPerAddressPerHour: deps.signupsPerAddressPerHour ?? 10,
      signupsPerMinute: deps.signupsPerMinute ?? 60,
      requireAdminSecondFactor: deps.requireAdminSecondFactor ?? false,
      firstSignUpIsAdmin: deps.firstSignUpIsAdmin ?? true,
      adminEmail: deps.adminEmail?.trim().toLowerCase() || null,
    },
    relyingParty: deps.relyingParty ?? relyingPartyOf({ NODE_ENV: 'development' }),
  };
  // Identity's own routes and /internal/session read the table on every call: another process
  // cannot be told of a change, and identity is not the hot path. The services mounted in this
  // process get the cached check, which every change made here clears at once.
  const currentSession = sessionCheck(scope);
  const checkSession = cachedSessionCheck(currentSession, { now: () => clock.now() });
  const auth: RouteAuth = { tokens: deps.tokens, checkSession: currentSession };
  const app = createServiceApp({
    name: 'identity',
    log: deps.log,
    serviceKey: deps.serviceKey,
    routers: [
      authRoutes(scope, auth),
      secondFactorRoutes(scope, auth),
      passkeyRoutes(scope, auth),
      userRoutes(scope, auth),
      adminRoutes(scope, auth),
      internalRoutes(scope, auth),
    ],
    readiness: { database: () => pingDatabase(deps.db), ...deps.readiness },
  });
  const schedule = scheduleHouseKeeping(scope, deps.houseKeepingEveryMs ?? 3_600_000);
  return {
    app,
    migrate: () => migrate(deps.db, 'identity', migrations),
    checkSession,
    relay,
    existingUsers: async (ids) => {
      const found = new Set<string>();
      for (const batch of batchesOf(ids, 500))
        for (const id of await existingUserIds(deps.db, batch)) found.add(id);
      return found;
    },
    mailAddress: (userId) => mailAddressOf(scope, userId),
    signInMethods: (userId) => signInMethodsOf(scope, userId),
    setRole: (email, role) =>
      setUserRole(deps.db, scope.sessionsChanged, email.trim().toLowerCase(), role),
    close: () => schedule.stop(),
  };
}
