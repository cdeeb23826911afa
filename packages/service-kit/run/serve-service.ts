import type Koa from 'koa';
import type { Logger } from '../http/logger.ts';
import { serve } from '../http/serve.ts';

/**
 * Serves a service's app until SIGTERM or SIGINT (config's `PORT`, `HOST`, `SHUTDOWN_GRACE_MS`),
 * then runs `onStop` to close what it holds, and says where it listens.
 */
export async function serveService(
  name: string,
  app: Koa,
  config: { PORT: number; HOST: string; SHUTDOWN_GRACE_MS: number },
  log: Logger,
  onStop: () => Promise<void>,
): Promise<void> {
  const running = await serve(app.callback(), {
    port: config.PORT,
    host: config.HOST,
    graceMs: config.SHUTDOWN_GRACE_MS,
    log,
    onStop,
  });
  log.info({ port: running.port }, `${name} listening`);
}
