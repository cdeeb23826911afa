import { createServer, type RequestListener, type Server } from 'node:http';
import type { Logger } from './logger.ts';

export type Running = { server: Server; port: number; stop(): Promise<void> };

/**
 * Listens on `port` (0 picks a free one) and, on SIGTERM or SIGINT, stops accepting, lets
 * in-flight requests finish, then runs `onStop` (close pools and queues) and exits.
 */
export async function serve(
  handler: RequestListener,
  options: {
    port: number;
    host?: string;
    log: Logger;
    onStop?: () => Promise<void>;
    handleSignals?: boolean;
  },
): Promise<Running> {
  const server = createServer(
    { keepAliveTimeout: 65_000, headersTimeout: 66_000, requestTimeout: 120_000 },
    handler,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await drain(server);
      await options.onStop?.();
    })();
    return stopping;
  };
  if (options.handleSignals ?? true) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        options.log.info({ signal }, 'shutting down');
        const force = setTimeout(() => process.exit(1), 15_000);
        force.unref();
        stop().then(
          () => process.exit(0),
          (err: unknown) => {
            options.log.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      });
    }
  }
  return { server, port, stop };
}

/** Stops accepting, closes idle keep-alive sockets, and waits for in-flight requests. */
function drain(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // Sockets that finish a request while draining are closed instead of kept alive.
    server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
  });
}
