import { Redis } from 'ioredis';
import type { Logger } from '../http/logger.ts';
import type { Clock } from '../http/clock.ts';
import { rateLimitCounterKey } from '../redis/keys.ts';

/** `count`: hits in the current window, this one included. */
export type RateDecision = { allowed: boolean; retryAfterMs: number; count: number };

/** Fixed-window counters: at most `limit` hits of `key` per `windowMs`. */
export type RateLimiter = {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /** Whether `key` is still under `limit`, without counting: for limits on failures only. */
  peek(key: string, limit: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function memoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { start: number; count: number; windowMs: number }>();
  const prune = setInterval(() => {
    const now = clock.now();
    for (const [key, w] of windows) if (now - w.start >= w.windowMs) windows.delete(key);
  }, 60_000);
  prune.unref();
  return {
    async hit(key, limit, windowMs) {
      const now = clock.now();
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        w = { start: now, count: 0, windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count <= limit
        ? { allowed: true, retryAfterMs: 0, count: w.count }
        : { allowed: false, retryAfterMs: w.start + windowMs - now, count: w.count };
    },
    async peek(key, limit) {
      const now = clock.now();
      const w = windows.get(key);
      if (!w || now - w.start >= w.windowMs) return { allowed: true, retryAfterMs: 0, count: 0 };
      if (w.count < limit) return { allowed: true, retryAfterMs: 0, count: w.count };
      return { allowed: false, retryAfterMs: w.start + w.windowMs - now, count: w.count };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(prune);
    },
  };
}

/**
 * Counters shared by every process, in Redis. When Redis cannot be reached the limiter lets
 * the request through (and says so in the log): a Redis outage must not lock everyone out.
 */
export function redisRateLimiter(redisUrl: string, prefix: string, log: Logger): RateLimiter {
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', (err) => log.debug({ err: err.message }, 'rate limiter connection error'));
  return {
    async hit(key, limit, windowMs) {
      const full = rateLimitCounterKey(prefix, key);
      try {
        const result = await redis
          .multi()
          .incr(full)
          .pexpire(full, windowMs, 'NX')
          .pttl(full)
          .exec();
        const count = Number(result?.[0]?.[1] ?? 0);
        const ttl = Number(result?.[2]?.[1] ?? windowMs);
        return count <= limit
          ? { allowed: true, retryAfterMs: 0, count }
          : { allowed: false, retryAfterMs: Math.max(ttl, 0), count };
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'rate limiter unavailable; allowing request');
        return { allowed: true, retryAfterMs: 0, count: 0 };
      }
    },
    async peek(key, limit) {
      const full = rateLimitCounterKey(prefix, key);
      try {
        const result = await redis.multi().get(full).pttl(full).exec();
        const count = Number(result?.[0]?.[1] ?? 0);
        const ttl = Number(result?.[1]?.[1] ?? 0);
        if (ttl <= 0) return { allowed: true, retryAfterMs: 0, count: 0 };
        return count < limit
          ? { allowed: true, retryAfterMs: 0, count }
          : { allowed: false, retryAfterMs: ttl, count };
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'rate limiter unavailable; allowing request');
        return { allowed: true, retryAfterMs: 0, count: 0 };
      }
    },
    async reset(key) {
      await redis.del(rateLimitCounterKey(prefix, key)).catch(() => undefined);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * The limiter a process's configuration calls for: counters in Redis when `REDIS_URL` is set
 * (every replica counts together), in memory otherwise. Whoever makes it closes it.
 */
export function configuredRateLimiter(
  config: { REDIS_URL?: string | undefined; QUEUE_PREFIX: string },
  clock: Clock,
  log: Logger,
): RateLimiter {
  return config.REDIS_URL
    ? redisRateLimiter(config.REDIS_URL, config.QUEUE_PREFIX, log)
    : memoryRateLimiter(clock);
}
