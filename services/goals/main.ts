/**
 * The goals service in its own process (distributed topology): `PORT`, `DATABASE_URL`,
 * `REDIS_URL` and `QUEUE_PREFIX` (account deletions), `JWT_SECRET`, and `IDENTITY_URL` to confirm sessions.
 */
import { accountDeletedJob } from '@dayframe/contracts';
import {
  createDatabase,
  createJobBus,
  createLogger,
  createTokens,
  remoteSessionCheck,
  resolveJwtSecret,
  serve,
} from '@dayframe/service-kit';
import { goalsConfig } from './config.ts';
import { createGoals, GOALS_ACCOUNT_DELETED_QUEUE } from './mod.ts';

const config = goalsConfig();
const log = createLogger('goals', config.LOG_LEVEL);
const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const checkSession = remoteSessionCheck(config.IDENTITY_URL);
const goals = createGoals({
  db,
  tokens: createTokens(resolveJwtSecret(config)),
  checkSession,
  log,
});
await goals.migrate();

const bus = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
bus.work(GOALS_ACCOUNT_DELETED_QUEUE, async (payload) => {
  await goals.deleteAccountData(accountDeletedJob.parse(payload).userId);
});
await bus.ready();

const running = await serve(goals.app.callback(), {
  port: config.PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  log,
  async onStop() {
    await bus.close();
    await checkSession.close();
    await db.destroy();
  },
});
log.info({ port: running.port }, 'goals listening');
