import { createHash } from 'node:crypto';
import Koa from 'koa';
import type { Context, Next } from 'koa';
import {
  errorMiddleware,
  HttpError,
  healthRoutes,
  requestContext,
  type Logger,
  type ReadinessChecks,
} from '@dayframe/service-kit/http';
import {
  ARCHIVE_MESSAGES,
  IMPORT_LIMITS,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type RemotesManifest,
} from '@dayframe/contracts';
import { serviceForPath, type ServiceName } from '@dayframe/catalog';
import type { Upstream } from './upstream.ts';
import { cors, securityHeaders } from './security-headers.ts';
import { frontEndSite, isNotModified } from './static-site.ts';
import { forgetUntrustedForwarding, type TrustProxy } from './trusted-proxies.ts';

/** The largest request body the gateway lets through; services enforce the same limit. */
export const BODY_LIMIT_BYTES = 200 * 1024;

export type GatewayOptions = {
  log: Logger;
  upstreams: Record<ServiceName, Upstream>;
  readiness: ReadinessChecks;
  remotes: () => Promise<RemotesManifest>;
  remoteOrigins: () => Promise<string[]>;
  corsOrigins: string[];
  /**
   * Built front ends to serve (embedded topology): the shell at `/`, remotes under `/remotes/`;
   * their `.map` files only when `sourceMaps` is not false.
   */
  site?: { shellDir: string; mounts: { prefix: string; dir: string }[]; sourceMaps?: boolean };
  /** Trust `X-Forwarded-*` from a proxy in front of the gateway: any peer, or only those listed. */
  trustProxy?: TrustProxy;
};

export function createGateway(options: GatewayOptions): Koa {
  // Behind a proxy, only the address that proxy appended (the last one) is trusted: the first
  // entries of X-Forwarded-For are whatever the client chose to send.
  // A list of addresses: Koa's proxy handling, with the headers of any other peer removed first.
  const trust = options.trustProxy ?? false;
  const app = new Koa({ proxy: trust !== false, maxIpsCount: 1 });
  app.silent = true;
  if (typeof trust === 'object') app.use(forgetUntrustedForwarding(trust));
  app.use(requestContext(options.log));
  app.use(securityHeaders({ remoteOrigins: options.remoteOrigins }));
  app.use(errorMiddleware());
  app.use(cors(options.corsOrigins));
  app.use(healthRoutes({ ...options.readiness, ...upstreamChecks(options.upstreams) }).routes());
  app.use(async (ctx, next) => {
    if (ctx.path !== '/remotes.json') return next();
    // Revalidated on every load (a new deployment shows at once) but answered 304 when the same.
    const body = JSON.stringify(await options.remotes());
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', etag);
    ctx.type = 'application/json; charset=utf-8';
    if (isNotModified(ctx, etag)) ctx.status = 304;
    else ctx.body = body;
  });
  app.use(api(options.upstreams));
  if (options.site) app.use(frontEndSite(options.site));
  return app;
}

function upstreamChecks(upstreams: Record<ServiceName, Upstream>): ReadinessChecks {
  return Object.fromEntries(Object.values(upstreams).map((u) => [u.name, () => u.ready()]));
}

/** `/api/*`: route by prefix, pass the request id and the client address on, refuse big bodies early. */
function api(upstreams: Record<ServiceName, Upstream>) {
  return async function routeApi(ctx: Context, next: Next) {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    const service = serviceForPath(ctx.path);
    if (!service) throw new HttpError(404, 'No such API route.', 'not_found');
    const length = Number(ctx.get('content-length') || 0);
    // An archive upload may be 50 MB (the archive reads and checks it), a media upload one file
    // of 25 MB (the media service counts it as it streams); anything else 200 KB.
    if (ctx.path === '/api/import') {
      if (length > IMPORT_LIMITS.uploadBytes)
        throw new HttpError(413, ARCHIVE_MESSAGES.tooLarge, 'payload_too_large');
    } else if (ctx.path === '/api/media') {
      if (length > MEDIA_LIMITS.uploadBytes)
        throw new HttpError(413, MEDIA_MESSAGES.tooLarge, 'payload_too_large');
    } else if (length > BODY_LIMIT_BYTES)
      throw new HttpError(413, 'The request body is too large.', 'payload_too_large');
    ctx.req.headers['x-request-id'] = ctx.state.requestId as string;
    // Services trust exactly one forwarded hop: this one. Whatever the client claimed is replaced.
    ctx.req.headers['x-forwarded-for'] = ctx.ip;
    ctx.req.headers['x-forwarded-proto'] = ctx.protocol;
    await upstreams[service].handle(ctx);
  };
}
