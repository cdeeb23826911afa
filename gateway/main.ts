// The gateway process: `npm start` runs it in the embedded topology, with nothing installed.
import { createLogger, serve } from '@dayframe/service-kit';
import { gatewayConfig } from './config.ts';
import { composeGateway } from './compose.ts';

const config = gatewayConfig();
const log = createLogger('gateway', config.LOG_LEVEL);
const gateway = composeGateway(config, log);
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
