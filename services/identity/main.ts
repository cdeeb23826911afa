// The identity service in its own process (distributed topology).
import {
  createDatabase,
  createJobBus,
  createLogger,
  createTokens,
  memoryRateLimiter,
  redisRateLimiter,
  resolveJwtSecret,
  serve,
  systemClock,
} from '@dayframe/service-kit';
import { identityConfig } from './config.ts';
import { createIdentity } from './identity.ts';

const config = identityConfig();
const log = createLogger('identity', config.LOG_LEVEL);
const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const secret = resolveJwtSecret(config);
const jobs = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
const limiter = config.REDIS_URL
  ? redisRateLimiter(config.REDIS_URL, config.QUEUE_PREFIX, log)
  : memoryRateLimiter(systemClock);
const identity = createIdentity({
  db,
  tokens: createTokens(secret),
  secret,
  jobs,
  limiter,
  log,
  bcryptCost: config.BCRYPT_COST,
});

await identity.migrate();
await jobs.ready();
await serve(identity.app.callback(), {
  port: config.PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  log,
  async onStop() {
    await jobs.close();
    await limiter.close();
    await db.destroy();
  },
});
log.info({ port: config.PORT }, 'identity listening');
