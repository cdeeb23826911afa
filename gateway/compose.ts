import { join } from 'node:path';
import { REMOTES, accountDeletedJob, type AccountDeletedQueue } from '@dayframe/contracts';
import {
  createDatabase,
  createJobBus,
  createTokens,
  memoryRateLimiter,
  pingDatabase,
  redisRateLimiter,
  remoteSessionCheck,
  resolveJwtSecret,
  systemClock,
  type Clock,
  type Knex,
  type Logger,
  type SessionCheck,
} from '@dayframe/service-kit';
import { createIdentity } from '@dayframe/identity';
import { startMailer } from '@dayframe/mailer';
import { createJournals } from '@dayframe/journals';
import { createGoals } from '@dayframe/goals';
import { createCalendar } from '@dayframe/calendar';
import type Koa from 'koa';
import type { GatewayConfig } from './config.ts';
import { createGateway } from './gateway-app.ts';
import { inProcessUpstream, proxyUpstream, type Upstream } from './upstream.ts';
import type { ServiceName } from './routes.ts';
import { remotesSource } from './remotes-manifest.ts';

export type Composed = { app: Koa; start(): Promise<void>; stop(): Promise<void> };

/**
 * The composition root: every service whose `*_URL` is unset is mounted in this process on one
 * shared database and job bus (the embedded topology); the others are proxied by URL (the
 * distributed one). Nothing else in the code base knows which topology it runs in.
 */
export function composeGateway(
  config: GatewayConfig,
  log: Logger,
  options: { clock?: Clock } = {},
): Composed {
  const secret = resolveJwtSecret(config);
  const tokens = createTokens(secret);
  const inProcess = (url: string | undefined) => url === undefined;
  const needsDatabase = [
    config.IDENTITY_URL,
    config.JOURNALS_URL,
    config.GOALS_URL,
    config.CALENDAR_URL,
  ].some(inProcess);
  const db: Knex | null = needsDatabase
    ? createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })
    : null;
  const jobs = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
  const closers: (() => Promise<void> | void)[] = [];
  const migrations: (() => Promise<void>)[] = [];
  const dbReady = () => pingDatabase(requireDb(db));

  let checkSession: SessionCheck;
  let identityUpstream: Upstream;
  if (config.IDENTITY_URL) {
    const remote = remoteSessionCheck(config.IDENTITY_URL);
    closers.push(remote.close);
    checkSession = remote;
    identityUpstream = proxyUpstream('identity', config.IDENTITY_URL, log);
  } else {
    const limiter = config.REDIS_URL
      ? redisRateLimiter(config.REDIS_URL, config.QUEUE_PREFIX, log)
      : memoryRateLimiter(options.clock ?? systemClock);
    closers.push(() => limiter.close());
    const identity = createIdentity({
      db: requireDb(db),
      tokens,
      secret,
      jobs,
      limiter,
      log,
      bcryptCost: config.BCRYPT_COST,
      clock: options.clock,
    });
    migrations.push(identity.migrate);
    checkSession = identity.checkSession;
    identityUpstream = inProcessUpstream('identity', identity.app, dbReady);
    // Mail is sent from this process whenever identity runs here; otherwise the mailer worker does it.
    const mailer = startMailer(jobs, config, log);
    closers.push(() => mailer.close());
  }

  const upstreams: Record<ServiceName, Upstream> = {
    identity: identityUpstream,
    journals: mountOrProxy('journals', config.JOURNALS_URL, () => {
      const journals = createJournals({ db: requireDb(db), tokens, checkSession, log });
      migrations.push(journals.migrate);
      onAccountDeleted('journals.account-deleted', journals.deleteAccountData);
      return journals.app;
    }),
    goals: mountOrProxy('goals', config.GOALS_URL, () => {
      const goals = createGoals({ db: requireDb(db), tokens, checkSession, log });
      migrations.push(goals.migrate);
      onAccountDeleted('goals.account-deleted', goals.deleteAccountData);
      return goals.app;
    }),
    calendar: mountOrProxy(
      'calendar',
      config.CALENDAR_URL,
      () => createCalendar({ db: requireDb(db), tokens, checkSession, log }).app,
    ),
  };

  function mountOrProxy(name: ServiceName, url: string | undefined, mount: () => Koa): Upstream {
    return url ? proxyUpstream(name, url, log) : inProcessUpstream(name, mount(), dbReady);
  }

  function onAccountDeleted(queue: AccountDeletedQueue, remove: (userId: string) => Promise<void>) {
    jobs.work(queue, async (payload) => remove(accountDeletedJob.parse(payload).userId));
  }

  const env = config as unknown as Record<string, string | undefined>;
  const remotes = remotesSource(env, config.REMOTES_FILE);
  const app = createGateway({
    log,
    upstreams,
    readiness: config.REDIS_URL ? { queue: () => jobs.ready() } : {},
    remotes: remotes.manifest,
    remoteOrigins: remotes.origins,
    corsOrigins: config.CORS_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    site: {
      shellDir: join(config.WEB_ROOT, 'shell', 'dist'),
      mounts: REMOTES.map((r) => ({
        prefix: `/remotes/${r.dir}/`,
        dir: join(config.WEB_ROOT, r.dir, 'dist'),
      })),
    },
  });

  return {
    app,
    async start() {
      // One after another: services sharing the embedded SQLite file must not migrate at once.
      for (const run of migrations) await run();
      await jobs.ready();
    },
    async stop() {
      await jobs.close();
      for (const upstream of Object.values(upstreams)) await upstream.close();
      for (const close of closers) await close();
      await db?.destroy();
    },
  };
}

function requireDb(db: Knex | null): Knex {
  if (!db) throw new Error('no database configured');
  return db;
}
