/**
 * Events between services (Redis Streams, or in-process): the bus, keeping a service's per-user
 * data in step with `account.deleted` (and the orphan sweep), and the directory that says which
 * users still exist.
 *
 * @example
 * import { createEventBus, keepAccountDataInStep } from '@dayframe/service-kit/events';
 * const events = createEventBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
 */
export * from './events.ts';
export * from './account-data.ts';
export * from './scheduled-sweep.ts';
export * from './user-directory.ts';
