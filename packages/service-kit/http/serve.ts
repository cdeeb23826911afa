import { createServer, type RequestListener, type Server } from 'node:http';
import type { Logger } from './logger.ts';

export type Running = { server: Server; port: number; stop(): Promise<void> };

/**
 * Listens on `port` (0 picks a free one). On SIGTERM or SIGINT it first keeps serving for
 * `graceMs` while `/readyz` answers 503 (so a balancer stops sending, and connections already
 * queued in the accept backlog are still taken), then stops accepting, lets in-flight requests
 * finish, runs `onStop` (close pools and queues) and exits.
 */
export async function serve(
  handler: RequestListener,
  options: {
    port: number;
    host?: string;
    log: Logger;
    onStop?: () => Promise<void>;
    handleSignals?: boolean;
    graceMs?: number;
  },
): Promise<Running> {
  let draining = false;
  const server = createServer(
    { keepAliveTimeout: 65_000, headersTimeout: 66_000, requestTimeout: 120_000 },
    (req, res) => {
      if (draining && req.url === '/readyz') {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Not ready: shutting down', code: 'shutting_down' }));
        return;
      }
      handler(req, res);
    },
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
      draining = true;
      if (options.graceMs) await new Promise((resolve) => setTimeout(resolve, options.graceMs));
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
    // A keep-alive socket whose request was already in flight becomes idle only when it ends;
    // keep closing idle sockets until the last one is gone, or close() would wait for them.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
    // Requests that arrive while draining are answered, then their sockets closed.
    server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
  });
}
