import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import type { Clock } from './clock.ts';

export type RateDecision = { allowed: boolean; retryAfterMs: number };

/** Fixed-window counters: at most `limit` hits of `key` per `windowMs`. */
export type RateLimiter = {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
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
        ? { allowed: true, retryAfterMs: 0 }
        : { allowed: false, retryAfterMs: w.start + windowMs - now };
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
      const full = `${prefix}:rl:${key}`;
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
          ? { allowed: true, retryAfterMs: 0 }
          : { allowed: false, retryAfterMs: Math.max(ttl, 0) };
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'rate limiter unavailable; allowing request');
        return { allowed: true, retryAfterMs: 0 };
      }
    },
    async reset(key) {
      await redis.del(`${prefix}:rl:${key}`).catch(() => undefined);
    },
    async close() {
      redis.disconnect();
    },
  };
}
