import { systemClock, type Clock, type Logger } from '@dayframe/service-kit/http';
import { createDatabase, pingDatabase, type Knex } from '@dayframe/service-kit/db';
import { createJobBus } from '@dayframe/service-kit/jobs';
import {
  createEventBus,
  keepAccountDataInStep,
  remoteUserDirectory,
  type AccountDataKeeper,
  type AccountDataOwner,
  type UserDirectory,
} from '@dayframe/service-kit/events';
import {
  createTokenIssuer,
  createTokenVerifier,
  remoteSessionCheck,
  resolveCodeSecret,
  resolveSigningKey,
  resolveVerifyingKey,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit/tokens';
import { memoryRateLimiter, redisRateLimiter } from '@dayframe/service-kit/limits';
import { createIdentity } from '@dayframe/identity';
import { startMailer } from '@dayframe/mailer';
import { createJournals } from '@dayframe/journals';
import { createGoals } from '@dayframe/goals';
import { createCalendar, httpSources, inProcessSources, pickSources } from '@dayframe/calendar';
import {
  createArchive,
  httpSources as archiveHttpSources,
  inProcessSources as archiveInProcessSources,
  pickSources as pickArchiveSources,
} from '@dayframe/archive';
import {
  createGateway,
  frontEnds,
  inProcessUpstream,
  proxyUpstream,
  type Composed,
  type ServiceName,
  type Upstream,
} from '@dayframe/gateway';
import type Koa from 'koa';
import type { EmbeddedConfig } from './config.ts';

/**
 * The composition root of the embedded topology: every service whose `*_URL` is unset is
 * mounted in this process on one shared database and job bus; the others are proxied by URL.
 * Only this package and the distributed gateway (gateway/main.ts) know which topology runs.
 */
export function composeEmbedded(
  config: EmbeddedConfig,
  log: Logger,
  options: { clock?: Clock } = {},
): Composed {
  // Keys are read only for what runs here: with identity in this process it signs (and the
  // others verify with its public half); with identity elsewhere, in-process services verify
  // with `JWT_PUBLIC_KEY`; a gateway that only proxies holds no key at all.
  let verifier: Tokens | null = null;
  const tokens = (): Tokens => (verifier ??= createTokenVerifier(resolveVerifyingKey(config)));
  const inProcess = (url: string | undefined) => url === undefined;
  const needsDatabase = [
    config.IDENTITY_URL,
    config.JOURNALS_URL,
    config.GOALS_URL,
    config.CALENDAR_URL,
    config.ARCHIVE_URL,
  ].some(inProcess);
  const db: Knex | null = needsDatabase
    ? createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })
    : null;
  const jobs = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
  const events = createEventBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
  const starters: (() => void)[] = [];
  const closers: (() => Promise<void> | void)[] = [];
  const migrations: (() => Promise<void>)[] = [];
  const dbReady = () => pingDatabase(requireDb(db));

  let checkSession: SessionCheck;
  let users: UserDirectory;
  let identityUpstream: Upstream;
  if (config.IDENTITY_URL) {
    const remote = remoteSessionCheck(config.IDENTITY_URL);
    closers.push(remote.close);
    checkSession = remote;
    const directory = remoteUserDirectory(config.IDENTITY_URL);
    closers.push(directory.close);
    users = directory;
    identityUpstream = proxyUpstream('identity', config.IDENTITY_URL, log);
  } else {
    const limiter = config.REDIS_URL
      ? redisRateLimiter(config.REDIS_URL, config.QUEUE_PREFIX, log)
      : memoryRateLimiter(options.clock ?? systemClock);
    closers.push(() => limiter.close());
    const signingKey = resolveSigningKey(config);
    const issuer = createTokenIssuer(signingKey);
    verifier = issuer;
    const identity = createIdentity({
      db: requireDb(db),
      tokens: issuer,
      secret: resolveCodeSecret(config, signingKey),
      jobs,
      events,
      limiter,
      log,
      bcryptCost: config.BCRYPT_COST,
      signupsPerAddressPerHour: config.SIGNUPS_PER_ADDRESS_PER_HOUR,
      signupsPerMinute: config.SIGNUPS_PER_MINUTE,
      houseKeepingEveryMs: config.HOUSEKEEPING_INTERVAL_MS,
      clock: options.clock,
    });
    closers.push(identity.close);
    migrations.push(identity.migrate);
    starters.push(() => identity.relay.start());
    closers.unshift(() => identity.relay.stop());
    checkSession = identity.checkSession;
    users = { existing: identity.existingUsers };
    identityUpstream = inProcessUpstream('identity', identity.app, dbReady);
    // Mail is sent from this process whenever identity runs here; otherwise the mailer worker does it.
    const mailer = startMailer(jobs, config, log);
    closers.push(() => mailer.close());
  }

  const journals = config.JOURNALS_URL
    ? null
    : createJournals({ db: requireDb(db), tokens: tokens(), checkSession, log });
  const goals = config.GOALS_URL
    ? null
    : createGoals({ db: requireDb(db), tokens: tokens(), checkSession, log });
  const upstreams: Record<ServiceName, Upstream> = {
    identity: identityUpstream,
    journals: mountOrProxy('journals', config.JOURNALS_URL, () => {
      const mounted = journals!;
      migrations.push(mounted.migrate);
      keepInStep('journals', mounted);
      return mounted.app;
    }),
    goals: mountOrProxy('goals', config.GOALS_URL, () => {
      const mounted = goals!;
      migrations.push(mounted.migrate);
      keepInStep('goals', mounted);
      return mounted.app;
    }),
    calendar: mountOrProxy('calendar', config.CALENDAR_URL, () => {
      // The calendar asks journals and goals for its windows: by a function call when they
      // are mounted here too, over their internal HTTP endpoints when they run elsewhere.
      const local = inProcessSources({
        entriesBetween: journals?.entriesBetween,
        goalsBetween: goals?.goalsBetween,
        ready: dbReady,
      });
      const remote =
        journals && goals
          ? local
          : httpSources({ journalsUrl: config.JOURNALS_URL, goalsUrl: config.GOALS_URL });
      const sources = pickSources({
        entries: journals ? local : remote,
        goals: goals ? local : remote,
      });
      const calendar = createCalendar({ sources, tokens: tokens(), checkSession, log });
      closers.push(calendar.close);
      return calendar.app;
    }),
    archive: mountOrProxy('archive', config.ARCHIVE_URL, () => {
      // Like the calendar: the owners' own export and import, by a call or over HTTP.
      const local = archiveInProcessSources({
        exportJournals: journals?.exportJournals,
        exportEntries: journals?.exportEntries,
        importJournals: journals?.importJournals,
        exportGoals: goals?.exportGoals,
        importGoals: goals?.importGoals,
        ready: dbReady,
      });
      const remote =
        journals && goals
          ? local
          : archiveHttpSources({
              journalsUrl: config.JOURNALS_URL,
              goalsUrl: config.GOALS_URL,
            });
      const sources = pickArchiveSources({
        journals: journals ? local : remote,
        goals: goals ? local : remote,
      });
      const archive = createArchive({
        sources,
        tokens: tokens(),
        checkSession,
        log,
      });
      closers.push(archive.close);
      return archive.app;
    }),
  };

  function mountOrProxy(name: ServiceName, url: string | undefined, mount: () => Koa): Upstream {
    return url ? proxyUpstream(name, url, log) : inProcessUpstream(name, mount(), dbReady);
  }

  // Each service holding rows per user subscribes to account.deleted itself and sweeps orphans.
  const keepers: AccountDataKeeper[] = [];
  function keepInStep(name: string, owner: AccountDataOwner) {
    starters.push(() => {
      keepers.push(
        keepAccountDataInStep({
          name,
          owner,
          events,
          users,
          log,
          sweep: { everyMs: config.ORPHAN_SWEEP_EVERY_MS, firstMs: config.ORPHAN_SWEEP_FIRST_MS },
        }),
      );
    });
  }

  const app = createGateway({
    log,
    upstreams,
    readiness: config.REDIS_URL ? { queue: () => jobs.ready() } : {},
    corsOrigins: config.CORS_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    ...frontEnds(config),
  });

  return {
    app,
    async start() {
      // One after another: services sharing the embedded SQLite file must not migrate at once.
      for (const run of migrations) await run();
      await jobs.ready();
      for (const begin of starters) begin();
    },
    async stop() {
      for (const keeper of keepers) await keeper.stop();
      await jobs.close();
      for (const upstream of Object.values(upstreams)) await upstream.close();
      for (const close of closers) await close();
      await events.close();
      await db?.destroy();
    },
  };
}

function requireDb(db: Knex | null): Knex {
  if (!db) throw new Error('no database configured');
  return db;
}
