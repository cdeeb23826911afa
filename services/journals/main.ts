/**
 * The journals service in its own process (distributed topology): `PORT`, `DATABASE_URL`,
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
import { journalsConfig } from './config.ts';
import { createJournals, JOURNALS_ACCOUNT_DELETED_QUEUE } from './mod.ts';

const config = journalsConfig();
const log = createLogger('journals', config.LOG_LEVEL);
const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const checkSession = remoteSessionCheck(config.IDENTITY_URL);
const journals = createJournals({
  db,
  tokens: createTokens(resolveJwtSecret(config)),
  checkSession,
  log,
});
await journals.migrate();

const bus = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
bus.work(JOURNALS_ACCOUNT_DELETED_QUEUE, async (payload) => {
  await journals.deleteAccountData(accountDeletedJob.parse(payload).userId);
});
await bus.ready();

const running = await serve(journals.app.callback(), {
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
log.info({ port: running.port }, 'journals listening');
