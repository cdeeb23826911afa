import { Redis } from 'ioredis';
import { ownKey } from '@dayframe/service-kit/redis';

/**
 * Remembers which jobs have been mailed, so a job retried after its mail went out (a worker
 * killed between sending and acknowledging) is not mailed twice.
 */
export type SentLedger = {
  has(jobId: string): Promise<boolean>;
  add(jobId: string): Promise<void>;
  close(): void;
};

const KEEP_SECONDS = 24 * 3600;

export function redisSentLedger(redisUrl: string, prefix: string): SentLedger {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  redis.on('error', () => undefined); // the worker's own connection reports outages
  // `mail-sent`: the mailer's own keys in its catalog row (REDIS_ACCESS), hence in its ACL.
  const key = (jobId: string) => ownKey(prefix, 'mail-sent', jobId);
  return {
    has: async (jobId) => (await redis.exists(key(jobId))) === 1,
    add: async (jobId) => {
      await redis.set(key(jobId), '1', 'EX', KEEP_SECONDS);
    },
    close: () => redis.disconnect(),
  };
}

export function memorySentLedger(max = 10_000): SentLedger {
  const sent = new Set<string>();
  return {
    has: async (jobId) => sent.has(jobId),
    add: async (jobId) => {
      sent.add(jobId);
      if (sent.size > max) sent.delete(sent.values().next().value as string);
    },
    close() {},
  };
}
