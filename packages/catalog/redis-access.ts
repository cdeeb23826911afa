import type { ProcessName } from './processes.ts';

/**
 * What a process does on Redis, in the product's words. Each process that uses Redis connects
 * as a Redis user of its own (docs/decisions/0042), and that user's ACL is drawn from this row
 * alone (`redisAclRules` in `@dayframe/service-kit/redis`): the keys of the queues, topics and
 * counters named here, with only the commands their engines send.
 */
export type RedisAccess = {
  /** Job queues it adds jobs to. */
  readonly addsJobs?: readonly string[];
  /** Job queues it works (takes jobs from, completes, retries). */
  readonly worksJobs?: readonly string[];
  /** Event topics it publishes. */
  readonly publishes?: readonly string[];
  /** Event topics it subscribes to, under its own name (its consumer group). */
  readonly subscribes?: readonly string[];
  /** Whether it counts rate limits (the shared counters of every replica). */
  readonly countsRateLimits?: boolean;
  /** Plain keys of its own, by name (`mail-sent`: every key under `<prefix>:mail-sent:`). */
  readonly ownKeys?: readonly string[];
};

/**
 * One row per process whose catalog row says it uses Redis, and nothing more than it does there:
 * identity queues mail, publishes account deletions and counts rate limits; the mailer works the
 * mail queue and keeps its sent ledger; journals, goals and media read account deletions in their own
 * consumer groups; media also queues and works its image sizes and counts its upload rate;
 * reminders queues and works its due reminders, queues their mail and counts its tests a
 * minute ("Send a test"). The
 * queue and topic names are those of `@dayframe/contracts` (`MAIL_QUEUE`, `MEDIA_SIZES_QUEUE`, `REMINDERS_QUEUE`,
 * `ACCOUNT_DELETED`); the catalog depends on nothing, so a test holds them equal.
 */
export const REDIS_ACCESS = {
  identity: { addsJobs: ['mail'], publishes: ['account.deleted'], countsRateLimits: true },
  journals: { subscribes: ['account.deleted'] },
  goals: { subscribes: ['account.deleted'] },
  media: {
    addsJobs: ['media-sizes'],
    worksJobs: ['media-sizes'],
    subscribes: ['account.deleted'],
    countsRateLimits: true,
  },
  reminders: {
    addsJobs: ['reminders', 'mail'],
    worksJobs: ['reminders'],
    subscribes: ['account.deleted'],
    countsRateLimits: true,
  },
  mailer: { worksJobs: ['mail'], ownKeys: ['mail-sent'] },
} as const satisfies Partial<Record<ProcessName, RedisAccess>>;

/** A process that connects to Redis, hence has a Redis user of its own when distributed. */
export type RedisUserName = keyof typeof REDIS_ACCESS;
export const REDIS_USERS = Object.keys(REDIS_ACCESS) as RedisUserName[];
