import type { Context } from 'koa';
import type Koa from 'koa';
import { Pool, errors as undiciErrors } from 'undici';
import type { Logger } from '@dayframe/service-kit';
import { HttpError } from '@dayframe/service-kit';

/** A service behind the gateway: mounted in this process, or reached over HTTP. */
export type Upstream = {
  name: string;
  handle(ctx: Context): Promise<void>;
  /** Throws when the service is not ready (for the gateway's `/readyz`). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/** Hands the raw request to a service's Koa app in this process: no copy, no socket. */
export function inProcessUpstream(name: string, app: Koa, ready: () => Promise<void>): Upstream {
  const callback = app.callback();
  return {
    name,
    handle(ctx) {
      ctx.respond = false;
      return new Promise<void>((resolve) => {
        ctx.res.once('close', resolve);
        void callback(ctx.req, ctx.res);
      });
    },
    ready,
    close: async () => undefined,
  };
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export const UPSTREAM_TIMEOUT_MS = 2_000;

/**
 * Proxies to a service by URL over a keep-alive pool. A service that is down or hanging answers
 * a JSON 503 within `UPSTREAM_TIMEOUT_MS`; neither can hang or crash the gateway, and the pool
 * reconnects by itself once the service is back.
 */
export function proxyUpstream(name: string, baseUrl: string, log: Logger): Upstream {
  const pool = new Pool(new URL(baseUrl).origin, {
    connections: 128,
    keepAliveTimeout: 30_000,
    connect: { timeout: 1_000 },
    headersTimeout: UPSTREAM_TIMEOUT_MS,
    bodyTimeout: 10_000,
  });
  return {
    name,
    async handle(ctx) {
      const headers: Record<string, string | string[]> = {};
      for (const [key, value] of Object.entries(ctx.req.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = value;
      }
      const hasBody =
        ctx.req.headers['content-length'] !== undefined ||
        ctx.req.headers['transfer-encoding'] !== undefined;
      let response;
      try {
        response = await pool.request({
          path: ctx.url,
          method: ctx.method as 'GET',
          headers,
          body: hasBody ? ctx.req : undefined,
        });
      } catch (error) {
        throw upstreamError(name, error, log);
      }
      ctx.status = response.statusCode;
      for (const [key, value] of Object.entries(response.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(key) && key !== 'content-length')
          ctx.set(key, value as string | string[]);
      }
      // A client that goes away mid-body must not become an unhandled stream error.
      response.body.on('error', (err) =>
        log.debug({ err: err.message, upstream: name }, 'upstream body aborted'),
      );
      ctx.body = response.body;
    },
    async ready() {
      const response = await pool.request({
        path: '/readyz',
        method: 'GET',
        headersTimeout: 1_500,
      });
      await response.body.dump();
      if (response.statusCode !== 200) throw new Error(`${name} not ready`);
    },
    close: () => pool.close(),
  };
}

function upstreamError(name: string, error: unknown, log: Logger): HttpError {
  const timedOut =
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError;
  log.warn(
    { upstream: name, err: (error as Error).message },
    timedOut ? 'upstream timed out' : 'upstream unreachable',
  );
  return timedOut
    ? new HttpError(
        503,
        'The service did not answer in time. Try again in a moment.',
        'upstream_timeout',
      )
    : new HttpError(
        503,
        'The service is unavailable right now. Try again in a moment.',
        'upstream_unavailable',
      );
}
