// The identity service in its own process (distributed topology).
import { createLogger, serve, systemClock } from '@dayframe/service-kit/http';
import { createDatabase } from '@dayframe/service-kit/db';
import { createJobBus } from '@dayframe/service-kit/jobs';
import { createEventBus } from '@dayframe/service-kit/events';
import {
  createTokenIssuer,
  resolveCodeSecret,
  resolveSigningKey,
} from '@dayframe/service-kit/tokens';
import { memoryRateLimiter, redisRateLimiter } from '@dayframe/service-kit/limits';
import { identityConfig } from './config.ts';
import { createIdentity } from './identity-service.ts';

const config = identityConfig();
const log = createLogger('identity', config.LOG_LEVEL);
const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const signingKey = resolveSigningKey(config);
const jobs = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
const events = createEventBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
const limiter = config.REDIS_URL
  ? redisRateLimiter(config.REDIS_URL, config.QUEUE_PREFIX, log)
  : memoryRateLimiter(systemClock);
const identity = createIdentity({
  db,
  tokens: createTokenIssuer(signingKey),
  secret: resolveCodeSecret(config, signingKey),
  jobs,
  events,
  limiter,
  log,
  bcryptCost: config.BCRYPT_COST,
  signupsPerAddressPerHour: config.SIGNUPS_PER_ADDRESS_PER_HOUR,
  signupsPerMinute: config.SIGNUPS_PER_MINUTE,
  houseKeepingEveryMs: config.HOUSEKEEPING_INTERVAL_MS,
});

await identity.migrate();
await jobs.ready();
// Relays what a previous process committed but had not published yet, then keeps relaying.
identity.relay.start();
await serve(identity.app.callback(), {
  port: config.PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  log,
  async onStop() {
    await identity.close();
    await identity.relay.stop();
    await events.close();
    await jobs.close();
    await limiter.close();
    await db.destroy();
  },
});
log.info({ port: config.PORT }, 'identity listening');
