import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from './logger.ts';
import type { AuthUser } from '../tokens/authenticate.ts';

/** What every Dayframe Koa app keeps on `ctx.state`. */
export type AppState = { requestId: string; log: Logger; user?: AuthUser };

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives every request an id (the gateway's, passed in `X-Request-Id`, or a new one), a child
 * logger carrying it, and one access log line when it ends. Paths are logged without the query.
 * The child logger is made on first use: most requests log nothing (the access line is debug),
 * and making one per request was a visible share of a small API call.
 */
export function requestContext(root: Logger) {
  return async function requestContextMiddleware(ctx: Context, next: Next) {
    const incoming = ctx.req.headers['x-request-id'];
    const requestId =
      typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const state = ctx.state as AppState;
    state.requestId = requestId;
    let log: Logger | undefined;
    Object.defineProperty(state, 'log', {
      get: () => (log ??= root.child({ reqId: requestId })),
      enumerable: true,
      configurable: true,
    });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (ctx.status >= 500 || root.isLevelEnabled('debug')) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms };
        if (ctx.status >= 500) state.log.warn(line, 'request failed');
        else state.log.debug(line, 'request');
      }
    }
  };
}
