import type Koa from 'koa';
import {
  createServiceApp,
  migrate,
  pingDatabase,
  systemClock,
  type Clock,
  type JobBus,
  type Knex,
  type Logger,
  type RateLimiter,
  type ReadinessChecks,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import { migrations } from './data/migrations.ts';
import { usersRepo } from './data/users-repo.ts';
import { codesRepo } from './data/codes-repo.ts';
import { bcryptPasswords } from './passwords.ts';
import { codeHasher } from './codes.ts';
import type { IdentityContext } from './context.ts';
import { sessionCheck } from './session.ts';
import { authRoutes } from './http/auth-routes.ts';
import { userRoutes } from './http/user-routes.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { internalRoutes } from './http/internal-routes.ts';

export type IdentityDeps = {
  db: Knex;
  tokens: Tokens;
  /** The signing secret; verification codes are hashed with a key derived from it. */
  secret: string;
  jobs: JobBus;
  limiter: RateLimiter;
  log: Logger;
  bcryptCost?: number;
  clock?: Clock;
  /** Extra readiness probes, such as the queue's. */
  readiness?: ReadinessChecks;
};

export type Identity = {
  app: Koa;
  migrate(): Promise<void>;
  /** For every other service in the same process: is this token's session still current? */
  checkSession: SessionCheck;
  /** Grants or revokes the admin role; false when no account has that e-mail. */
  setRole(email: string, role: 'user' | 'admin'): Promise<boolean>;
};

export function createIdentity(deps: IdentityDeps): Identity {
  const ctx: IdentityContext = {
    db: deps.db,
    users: usersRepo(deps.db),
    codes: codesRepo(deps.db),
    passwords: bcryptPasswords(deps.bcryptCost ?? 12),
    codeHasher: codeHasher(deps.secret),
    tokens: deps.tokens,
    jobs: deps.jobs,
    limiter: deps.limiter,
    clock: deps.clock ?? systemClock,
    log: deps.log,
  };
  const checkSession = sessionCheck(ctx);
  const app = createServiceApp({
    name: 'identity',
    log: deps.log,
    routers: [
      authRoutes(ctx, deps.tokens, checkSession),
      userRoutes(ctx, deps.tokens, checkSession),
      adminRoutes(ctx, deps.tokens, checkSession),
      internalRoutes(deps.tokens, checkSession),
    ],
    readiness: { database: () => pingDatabase(deps.db), ...deps.readiness },
  });
  return {
    app,
    migrate: () => migrate(deps.db, 'identity', migrations),
    checkSession,
    setRole: (email, role) => ctx.users.setRole(email.trim().toLowerCase(), role),
  };
}
