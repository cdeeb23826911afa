// Keeps `ctx.request.body` (added by @koa/bodyparser) typed for the services built against
// this package's emitted declarations, not only for the whole-repo type check.
/// <reference types="@koa/bodyparser" preserve="true" />
import Koa from 'koa';
import type Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from './logger.ts';
import { requestContext } from './request-context.ts';
import { errorMiddleware } from './error-middleware.ts';
import { healthRoutes, type ReadinessChecks } from './health.ts';
import { HttpError } from './errors.ts';
import { requireServiceToken, type ServiceKey } from '../tokens/service-tokens.ts';

export const JSON_BODY_LIMIT = '200kb';

/**
 * The Koa app every service is built on: request id and logging, the one error shape, the
 * service-token check on `/internal/*` (before any body is read), a limited JSON body parser,
 * health routes, then the service's own routers. Services trust `X-Forwarded-For` from the
 * gateway (one hop) for per-client rate limits.
 */
export function createServiceApp(options: {
  /** Its catalog name: the audience its `/internal/*` tokens must name. */
  name: string;
  log: Logger;
  /** The deployment's service-token key (`SERVICE_TOKEN_SECRET`, random when embedded). */
  serviceKey: ServiceKey;
  routers: Router[];
  readiness: ReadinessChecks;
  /**
   * Paths whose route reads the body itself, with its own type check and size limit (an
   * archive upload, an import of many entries): neither the JSON check nor the 200 KB parser
   * applies to them.
   */
  ownBodies?: string[];
}): Koa {
  const app = new Koa({ proxy: true, maxIpsCount: 1 });
  app.silent = true; // errors are logged once, by the error middleware, with the request id
  app.use(requestContext(options.log.child({ component: options.name })));
  app.use(errorMiddleware());
  app.use(requireServiceToken(options.serviceKey, options.name));
  const own = new Set(options.ownBodies ?? []);
  const json = [
    requireJsonBody(),
    bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT, encoding: 'utf-8' }),
  ];
  // A GET or HEAD carries no body the routes read: neither check runs for the most common calls.
  for (const middleware of json)
    app.use((ctx, next) =>
      ctx.method === 'GET' || ctx.method === 'HEAD' || own.has(ctx.path)
        ? next()
        : middleware(ctx, next),
    );
  const health = healthRoutes(options.readiness);
  app.use(health.routes());
  for (const router of options.routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }
  return app;
}

/** A body that is not JSON is refused, rather than silently read as `{}`. */
function requireJsonBody() {
  return async function requireJson(ctx: Koa.Context, next: Koa.Next) {
    const hasBody =
      Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
    if (hasBody && !ctx.is('application/json')) {
      throw new HttpError(
        415,
        'Send the request body as JSON (Content-Type: application/json).',
        'unsupported_media_type',
      );
    }
    await next();
  };
}
