/**
 * The part of the service kit a process without data needs (the gateway): errors and their
 * middleware, config, logger, clock, request context, health routes and a graceful server.
 * Nothing imported from here loads a database driver, the job queue or Redis, so a workspace
 * that imports only `@dayframe/service-kit/http` runs without the kit's optional peers
 * (knex, better-sqlite3, mysql2, bullmq, ioredis) installed.
 *
 * @example
 * import { createLogger, serve } from '@dayframe/service-kit/http';
 */
export * from './errors.ts';
export * from './error-middleware.ts';
export * from './config.ts';
export * from './logger.ts';
export * from './clock.ts';
export * from './request-context.ts';
export * from './health.ts';
export * from './serve.ts';
