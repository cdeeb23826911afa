// The embedded app: `npm start` runs it, with nothing installed (SQLite, in-process jobs, outbox).
import { createLogger, serve } from '@dayframe/service-kit/http';
import { embeddedConfig } from './config.ts';
import { composeEmbedded } from './compose.ts';

const config = embeddedConfig();
const log = createLogger('gateway', config.LOG_LEVEL);
const gateway = composeEmbedded(config, log);
await gateway.start();
const running = await serve(gateway.app.callback(), {
  port: config.PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  log,
  onStop: gateway.stop,
});
log.info(
  { url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${running.port}` },
  'Dayframe is running',
);
