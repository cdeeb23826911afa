import type Koa from 'koa';
import { accountDeletedJob } from '@dayframe/contracts';
import { serviceConfig, urlEnv } from './config.ts';
import { createDatabase, type Knex } from './database.ts';
import { createJobBus } from './jobs.ts';
import { createLogger, type Logger } from './logger.ts';
import { serve } from './serve.ts';
import { remoteSessionCheck } from './session-check.ts';
import type { SessionCheck } from './authenticate.ts';
import { createTokens, resolveJwtSecret, type Tokens } from './tokens.ts';

export type ContentServiceDeps = {
  db: Knex;
  tokens: Tokens;
  checkSession: SessionCheck;
  log: Logger;
};
export type ContentService = {
  app: Koa;
  migrate(): Promise<void>;
  deleteAccountData?(userId: string): Promise<void>;
};

/**
 * Runs a service that keeps users' content (journals, goals, calendar) in its own process:
 * config from the environment (`PORT`, `HOST`, `DATABASE_URL`, `JWT_SECRET`, `IDENTITY_URL`,
 * `REDIS_URL`/`QUEUE_PREFIX`), sessions confirmed by identity over HTTP, its own migrations,
 * the account-deletion queue it owns, and a graceful shutdown.
 */
export async function runContentService(options: {
  name: string;
  defaultPort: number;
  create(deps: ContentServiceDeps): ContentService;
  accountDeletedQueue?: string;
}): Promise<void> {
  const config = serviceConfig(options.defaultPort, { IDENTITY_URL: urlEnv(['http', 'https']) });
  const log = createLogger(options.name, config.LOG_LEVEL);
  const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const checkSession = remoteSessionCheck(config.IDENTITY_URL);
  const service = options.create({
    db,
    tokens: createTokens(resolveJwtSecret(config)),
    checkSession,
    log,
  });
  await service.migrate();

  const jobs = options.accountDeletedQueue
    ? createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log })
    : null;
  const remove = service.deleteAccountData;
  if (jobs && options.accountDeletedQueue && remove) {
    jobs.work(options.accountDeletedQueue, async (payload) =>
      remove(accountDeletedJob.parse(payload).userId),
    );
    await jobs.ready();
  }

  const running = await serve(service.app.callback(), {
    port: config.PORT,
    host: config.HOST,
    graceMs: config.SHUTDOWN_GRACE_MS,
    log,
    async onStop() {
      await jobs?.close();
      await checkSession.close();
      await db.destroy();
    },
  });
  log.info({ port: running.port }, `${options.name} listening`);
}
