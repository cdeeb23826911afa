import { z } from 'zod';
import { service as catalogRow, type ServiceName } from '@dayframe/catalog';
import { parseConfig, serviceConfig, urlEnv } from '../http/config.ts';
import { createDatabase, type Knex } from '../db/database.ts';
import { whenDatabaseReachable } from '../db/when-reachable.ts';
import { createEventBus } from '../events/events.ts';
import { createJobBus, type JobBus } from '../jobs/jobs.ts';
import { keepAccountDataInStep, sweepConfig } from '../events/account-data.ts';
import type { ContentService } from '../content/content-service.ts';
import { remoteUserDirectory } from '../events/user-directory.ts';
import { createLogger, type Logger } from '../http/logger.ts';
import { remoteSessionCheck } from '../tokens/session-check.ts';
import type { SessionCheck } from '../tokens/authenticate.ts';
import { createTokenVerifier, resolveVerifyingKey, type Tokens } from '../tokens/tokens.ts';
import {
  requireServiceKey,
  serviceCaller,
  serviceTokenSettings,
  type ServiceKey,
} from '../tokens/service-tokens.ts';
import { serveService } from './serve-service.ts';

export type ContentServiceDeps = {
  db: Knex;
  tokens: Tokens;
  checkSession: SessionCheck;
  serviceKey: ServiceKey;
  log: Logger;
  /** Jobs on BullMQ when `REDIS_URL` is set, in-process otherwise; connects only once used. */
  jobs: JobBus;
};

/**
 * Runs a service that keeps users' content (journals, goals) in its own process: config from the
 * environment (`PORT`, defaulting to the catalog's, `HOST`, `DATABASE_URL`, `JWT_PUBLIC_KEY`,
 * `IDENTITY_URL`, `SERVICE_TOKEN_SECRET`, `REDIS_URL`/`QUEUE_PREFIX`, `ORPHAN_SWEEP_*`),
 * sessions confirmed by identity over HTTP with its service token, its own migrations, its own subscription to `account.deleted` with the orphan
 * sweep, a job bus for a service that queues work of its own (media's image sizes), and a
 * graceful shutdown. A service with settings of its own (media's storage) names
 * them in `settings`: they are parsed with the rest, once, and handed to `create`.
 */
export async function runContentService<S extends z.ZodRawShape = Record<never, never>>(options: {
  name: ServiceName;
  settings?: S;
  create(
    deps: ContentServiceDeps,
    config: z.output<z.ZodObject<S>> & {
      NODE_ENV: string;
      DATA_DIR: string;
      REDIS_URL?: string | undefined;
      QUEUE_PREFIX: string;
    },
  ): ContentService & {
    close?(): Promise<void>;
    /** Its own sweeps, started once migrated, on the orphan sweep's schedule (media's). */
    ready?(schedule: { everyMs: number; firstMs: number }): void;
  };
}): Promise<void> {
  const { name } = options;
  const config = serviceConfig(catalogRow(name).port, {
    IDENTITY_URL: urlEnv(['http', 'https']),
    ...serviceTokenSettings,
    ...sweepConfig,
  });
  // Its own settings, beside the shared ones: each variable is still read once.
  const own = parseConfig(z.object(options.settings ?? ({} as S)));
  const serviceKey = requireServiceKey(config);
  const caller = serviceCaller(serviceKey, name);
  const log = createLogger(name, config.LOG_LEVEL);
  const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const checkSession = remoteSessionCheck(config.IDENTITY_URL, caller);
  // Identity's public key checks its tokens and the events it signs alike.
  const tokens = createTokenVerifier(resolveVerifyingKey(config));
  const jobs = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
  const content = options.create(
    { db, tokens, checkSession, serviceKey, log, jobs },
    {
      ...own,
      NODE_ENV: config.NODE_ENV,
      DATA_DIR: config.DATA_DIR,
      REDIS_URL: config.REDIS_URL,
      QUEUE_PREFIX: config.QUEUE_PREFIX,
    },
  );
  await whenDatabaseReachable(() => content.migrate(), { log });

  const events = createEventBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
  const users = remoteUserDirectory(config.IDENTITY_URL, caller);
  const keeper = keepAccountDataInStep({
    name,
    owner: content,
    events,
    tokens,
    users,
    log,
    sweep: { everyMs: config.ORPHAN_SWEEP_EVERY_MS, firstMs: config.ORPHAN_SWEEP_FIRST_MS },
  });
  content.ready?.({ everyMs: config.ORPHAN_SWEEP_EVERY_MS, firstMs: config.ORPHAN_SWEEP_FIRST_MS });

  await serveService(name, content.app, config, log, async () => {
    await keeper.stop();
    await jobs.close(); // its workers finish the job in hand first
    await content.close?.();
    await events.close();
    await users.close();
    await checkSession.close();
    await db.destroy();
  });
}
