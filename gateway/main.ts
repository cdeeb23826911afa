// The distributed gateway process: proxies `/api` to the services named by the `*_URL`s (all
// required). `npm start` runs the embedded app instead (embedded/main.ts).
import { createLogger, serve } from '@dayframe/service-kit/http';
import { gatewayConfig } from './config.ts';
import { proxyGateway } from './proxy-gateway.ts';

const config = gatewayConfig();
const log = createLogger('gateway', config.LOG_LEVEL);
const gateway = proxyGateway(config, log);
await gateway.start();
await serve(gateway.app.callback(), {
  port: config.PORT,
  host: config.HOST,
  graceMs: config.SHUTDOWN_GRACE_MS,
  log,
  onStop: gateway.stop,
});
