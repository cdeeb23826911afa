/**
 * The HTTP edge every process is built from: the one error type and its middleware, config
 * parsed once, the logger, the clock, the request context, health routes, a service's Koa app,
 * body reading and input validation, cursor paging and a server that shuts down gracefully.
 * Nothing here loads a database driver, the job queue or Redis, so a process that imports only
 * this subpath (the gateway) runs without the kit's optional peers installed.
 *
 * @example
 * import { createLogger, createServiceApp, serve } from '@dayframe/service-kit/http';
 * const log = createLogger('goals');
 * const app = createServiceApp({ name: 'goals', log, serviceKey, routers: [goalsRouter], readiness: {} });
 * await serve(app.callback(), { port: 3003, log });
 */
export * from './errors.ts';
export * from './error-middleware.ts';
export * from './config.ts';
export * from './logger.ts';
export * from './clock.ts';
export * from './request-context.ts';
export * from './health.ts';
export * from './serve.ts';
export * from './service-app.ts';
export * from './read-body.ts';
export * from './validate.ts';
export * from './paging.ts';
export * from './expiring-cache.ts';
export * from './internal-client.ts';
export * from './link-secret.ts';
