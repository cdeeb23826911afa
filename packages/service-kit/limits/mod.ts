/**
 * Limits: rate limiting (Redis or in memory) keyed by client address, and the one answer for a
 * quota that would be passed.
 *
 * @example
 * import { memoryRateLimiter, rateLimitKey } from '@dayframe/service-kit/limits';
 * import { systemClock } from '@dayframe/service-kit/http';
 * const limiter = memoryRateLimiter(systemClock);
 * const client = rateLimitKey(ctx.ip);
 */
export * from './rate-limit.ts';
export * from './rate-limit-key.ts';
export * from './quota.ts';
