import type Koa from 'koa';
import { serviceConfig, urlEnv } from '../http/config.ts';
import { createDatabase, type Knex } from '../db/database.ts';
import { createEventBus } from '../events/events.ts';
import { keepAccountDataInStep, sweepConfig, type AccountDataOwner } from '../events/account-data.ts';
import { remoteUserDirectory } from '../events/user-directory.ts';
import { createLogger, type Logger } from '../http/logger.ts';
import { serve } from '../http/serve.ts';
import { remoteSessionCheck } from '../tokens/session-check.ts';
import type { SessionCheck } from '../tokens/authenticate.ts';
import { createTokenVerifier, resolveVerifyingKey, type Tokens } from '../tokens/tokens.ts';

export type ContentServiceDeps = {
  db: Knex;
  tokens: Tokens;
  checkSession: SessionCheck;
  log: Logger;
};
/** A service that keeps rows per user is also an `AccountDataOwner`. */
export type ContentService = {
  app: Koa;
  migrate(): Promise<void>;
} & Partial<AccountDataOwner>;

/**
 * Runs a service that keeps users' content (journals, goals, calendar) in its own process:
 * config from the environment (`PORT`, `HOST`, `DATABASE_URL`, `JWT_PUBLIC_KEY`, `IDENTITY_URL`,
 * `REDIS_URL`/`QUEUE_PREFIX`, `ORPHAN_SWEEP_*`), sessions confirmed by identity over HTTP, its
 * own migrations, a graceful shutdown and, for a service that keeps rows per user, its own
 * subscription to `account.deleted` and the orphan sweep.
 */
export async function runContentService(options: {
  name: string;
  defaultPort: number;
  create(deps: ContentServiceDeps): ContentService;
}): Promise<void> {
  const config = serviceConfig(options.defaultPort, {
    IDENTITY_URL: urlEnv(['http', 'https']),
    ...sweepConfig,
  });
  const log = createLogger(options.name, config.LOG_LEVEL);
  const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const checkSession = remoteSessionCheck(config.IDENTITY_URL);
  const service = options.create({
    db,
    tokens: createTokenVerifier(resolveVerifyingKey(config)),
    checkSession,
    log,
  });
  await service.migrate();

  // A service that keeps rows per user subscribes itself to account.deleted and sweeps orphans.
  const { deleteAccountData, userIdsAfter } = service;
  const owner: AccountDataOwner | null =
    deleteAccountData && userIdsAfter ? { deleteAccountData, userIdsAfter } : null;
  const events = owner
    ? createEventBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log })
    : null;
  const users = owner ? remoteUserDirectory(config.IDENTITY_URL) : null;
  const keeper =
    owner && events && users
      ? keepAccountDataInStep({
          name: options.name,
          owner,
          events,
          users,
          log,
          sweep: { everyMs: config.ORPHAN_SWEEP_EVERY_MS, firstMs: config.ORPHAN_SWEEP_FIRST_MS },
        })
      : null;

  const running = await serve(service.app.callback(), {
    port: config.PORT,
    host: config.HOST,
    graceMs: config.SHUTDOWN_GRACE_MS,
    log,
    async onStop() {
      await keeper?.stop();
      await events?.close();
      await users?.close();
      await checkSession.close();
      await db.destroy();
    },
  });
  log.info({ port: running.port }, `${options.name} listening`);
}
