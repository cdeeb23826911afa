// The mailer worker in its own process: takes mail jobs from Redis and sends them.
import Koa from 'koa';
import { createLogger, healthRoutes, serve } from '@dayframe/service-kit/http';
import { createJobBus } from '@dayframe/service-kit/jobs';
import { Redis } from 'ioredis';
import { mailerConfig } from './config.ts';
import { startMailer } from './mailer.ts';

const config = mailerConfig();
const log = createLogger('mailer', config.LOG_LEVEL);
if (!config.REDIS_URL) {
  log.fatal('REDIS_URL is required for the mailer worker (embedded mode runs mail in-process)');
  process.exit(1);
}
const jobs = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
const mailer = startMailer(jobs, config, log);

// Health endpoints only: the worker has no API.
const probe = new Redis(config.REDIS_URL, {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  lazyConnect: true,
});
probe.on('error', () => undefined);
const app = new Koa();
app.use(
  healthRoutes({
    queue: async () =>
      void (
        await (probe.status === 'wait' ? probe.connect() : Promise.resolve()),
        await probe.ping()
      ),
  }).routes(),
);
await serve(app.callback(), {
  port: config.PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  log,
  async onStop() {
    await jobs.close(); // waits for the job in hand, so SIGTERM never loses a mail
    mailer.close();
    probe.disconnect();
  },
});
log.info({ port: config.PORT }, 'mailer worker running');
