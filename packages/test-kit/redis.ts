import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const SHARED_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of this test's own on the shared Redis, and a way to remove every key under it. */
export function testRedisPrefix(url = SHARED_REDIS): {
  url: string;
  prefix: string;
  keys(): Promise<string[]>;
  cleanup(): Promise<void>;
} {
  const prefix = `dftest-${randomBytes(5).toString('hex')}`;
  const keys = async () => {
    const redis = new Redis(url);
    try {
      return await redis.keys(`${prefix}*`);
    } finally {
      redis.disconnect();
    }
  };
  return {
    url,
    prefix,
    keys,
    async cleanup() {
      const redis = new Redis(url);
      try {
        const found = await redis.keys(`${prefix}*`);
        if (found.length) await redis.del(...found);
      } finally {
        redis.disconnect();
      }
    },
  };
}
