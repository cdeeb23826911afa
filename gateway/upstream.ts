import type { Context } from 'koa';
import type Koa from 'koa';
import { Pool, errors as undiciErrors } from 'undici';
import { type Logger, HttpError } from '@dayframe/service-kit/http';
import { probeReplica, type ProbeState } from './upstream-probe.ts';

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

/** How long a replica that refused a connection is tried only after the others. */
export const REPLICA_REST_MS = 5_000;

/** The largest request body buffered so that it can be sent again to another replica. */
const MAX_REPLAY_BODY_BYTES = 1024 * 1024;

/** `http://a:1,http://b:2` → its origins (one per replica of a service). */
export function replicaOrigins(baseUrls: string): string[] {
  return baseUrls
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => new URL(url).origin);
}

type Replica = { origin: string; pool: Pool; restUntil: number; probe: ProbeState };

/**
 * Proxies to a service by URL over keep-alive pools, one per replica when `baseUrls` lists
 * several (comma-separated). Requests go round-robin; a replica that refuses the connection is
 * skipped for `REPLICA_REST_MS` and the request goes to the next one, so a replica that stops
 * (a rollout, a crash) costs no request. Only failures to connect are retried: the request
 * never reached the service, so sending it again cannot apply it twice. A service that is down
 * or hanging answers a JSON 503 within `UPSTREAM_TIMEOUT_MS`; neither can hang or crash the
 * gateway, and the pools reconnect by themselves once the service is back.
 */
export function proxyUpstream(
  name: string,
  baseUrls: string,
  log: Logger,
  options: { timeoutMs?: number } = {},
): Upstream {
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const replicas: Replica[] = replicaOrigins(baseUrls).map((origin) => ({
    origin,
    restUntil: 0,
    probe: { readyAt: 0 },
    pool: new Pool(origin, {
      connections: 128,
      keepAliveTimeout: 30_000,
      connect: { timeout: 1_000 },
      headersTimeout: timeoutMs,
      bodyTimeout: Math.max(10_000, timeoutMs),
    }),
  }));
  if (replicas.length === 0) throw new Error(`${name}: no upstream URL`);
  let turn = 0;
  /** This request's order of replicas: round-robin, resting ones last. */
  const order = () => {
    const start = turn++ % replicas.length;
    const rotated = [...replicas.slice(start), ...replicas.slice(0, start)];
    const now = Date.now();
    return [
      ...rotated.filter((r) => r.restUntil <= now),
      ...rotated.filter((r) => r.restUntil > now),
    ];
  };
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
      // With several replicas a small body is read first, so that it can go to the next
      // replica if the first one refuses the connection. A body of unknown or larger size (an
      // import) streams through to one replica instead: keeping it would cost its whole size
      // in memory, and such a request is not retried.
      const declared = Number(ctx.req.headers['content-length']);
      const replayable =
        replicas.length > 1 && Number.isFinite(declared) && declared <= MAX_REPLAY_BODY_BYTES;
      const body = !hasBody
        ? undefined
        : replayable
          ? await readBody(ctx.req, MAX_REPLAY_BODY_BYTES)
          : ctx.req;
      let response;
      const candidates = order();
      for (const [index, replica] of candidates.entries()) {
        try {
          response = await replica.pool.request({
            path: ctx.url,
            method: ctx.method as 'GET',
            headers,
            body,
          });
          break;
        } catch (error) {
          const last = index === candidates.length - 1;
          if (!isConnectFailure(error) || last || body === ctx.req) {
            throw upstreamError(name, error, log);
          }
          replica.restUntil = Date.now() + REPLICA_REST_MS;
          log.warn(
            { upstream: name, replica: replica.origin, err: (error as Error).message },
            'upstream replica refused; trying the next one',
          );
        }
      }
      if (!response) throw upstreamError(name, new Error('no replica answered'), log);
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
    /** Ready while at least one replica is. */
    async ready() {
      const results = await Promise.allSettled(
        replicas.map(({ pool, probe }) => probeReplica(name, pool, probe)),
      );
      if (!results.some((r) => r.status === 'fulfilled')) throw new Error(`${name} not ready`);
    },
    close: async () => {
      await Promise.all(replicas.map((r) => r.pool.close()));
    },
  };
}

/** The connection was never made: nothing reached the service. */
function isConnectFailure(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return (
    error instanceof undiciErrors.ConnectTimeoutError ||
    code === 'ECONNREFUSED' ||
    code === 'EHOSTUNREACH' ||
    code === 'ENETUNREACH' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}

/** Reads a request body of at most `limit` bytes (a 413 past it). */
async function readBody(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) {
      throw new HttpError(413, 'The request is too large.', 'payload_too_large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
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
