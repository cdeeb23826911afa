/**
 * Background jobs on BullMQ (Redis), or in-process when no `REDIS_URL` is set: the mail queue
 * and any job a service hands off.
 *
 * @example
 * import { createJobBus } from '@dayframe/service-kit/jobs';
 * const jobs = createJobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log });
 */
export * from './jobs.ts';
