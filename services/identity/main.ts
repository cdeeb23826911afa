// The identity service in its own process (distributed topology).
import { createLogger, serve } from '@dayframe/service-kit/http';
import { createDatabase, whenDatabaseReachable } from '@dayframe/service-kit/db';
import { createJobBus } from '@dayframe/service-kit/jobs';
import { createEventBus } from '@dayframe/service-kit/events';
import { requireServiceKey } from '@dayframe/service-kit/tokens';
import { identityConfig } from './config.ts';
import { configuredIdentity } from './configured-identity.ts';

const config = identityConfig();
const log = createLogger('identity', config.LOG_LEVEL);
const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const jobs = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
const events = createEventBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
const { identity, limiter } = configuredIdentity(config, {
  db,
  jobs,
  events,
  log,
  serviceKey: requireServiceKey(config),
});

await whenDatabaseReachable(() => identity.migrate(), { log });
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
