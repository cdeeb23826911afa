/**
 * What every Dayframe service is built from: the one error type and its middleware, config
 * parsed once, the logger, the knex factory and migrations, full-text indexes and snippets, tokens and the auth middleware,
 * health routes, background jobs, rate limits and a server that shuts down gracefully.
 *
 * @example
 * const app = createServiceApp({ name: 'goals', log, routers: [goalsRouter], readiness: { database: () => pingDatabase(db) } });
 * await serve(app.callback(), { port: 3003, log });
 */
export * from './errors.ts';
export * from './error-middleware.ts';
export * from './config.ts';
export * from './logger.ts';
export * from './clock.ts';
export * from './database.ts';
export * from './compiled-query.ts';
export * from './database-errors.ts';
export * from './search-text.ts';
export * from './full-text.ts';
export * from './validate.ts';
export * from './paging.ts';
export * from './quota.ts';
export * from './tokens.ts';
export * from './authenticate.ts';
export * from './session-check.ts';
export * from './session-cache.ts';
export * from './expiring-cache.ts';
export * from './request-context.ts';
export * from './health.ts';
export * from './service-app.ts';
export * from './read-body.ts';
export * from './serve.ts';
export * from './jobs.ts';
export * from './events.ts';
export * from './user-directory.ts';
export * from './account-data.ts';
export * from './rate-limit.ts';
export * from './rate-limit-key.ts';
export * from './run-service.ts';
export * from './run-composing-service.ts';
