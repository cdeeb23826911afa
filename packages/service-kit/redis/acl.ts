import type { RedisAccess } from '@dayframe/catalog';
import {
  checkedPrefix,
  eventStreamKey,
  ownKeyPattern,
  queueKeyPattern,
  rateLimitKeyPattern,
} from './keys.ts';

// The commands each engine sends, by what it does. Lua scripts count: Redis checks every command
// a script calls against the caller's ACL, so a queue's list holds what BullMQ's scripts call.

/**
 * Without a key: health probes (PING), ioredis's ready check and BullMQ's version check (INFO,
 * which shows server statistics, never a key or value), BullMQ naming its connections.
 */
export const CONNECTION_COMMANDS = ['ping', 'info', 'client|setname'];

/**
 * BullMQ 6.7, producer and worker alike (its scripts move a job through every state): the
 * scripts by hash or text, the worker's blocking wait, and what the scripts call. Sent only on
 * a queue's own keys, which is where the grant below confines them.
 */
export const QUEUE_COMMANDS = [
  'evalsha eval bzpopmin time',
  'exists type del unlink rename get set incr incrby pexpire pexpireat pttl',
  'hset hmset hget hmget hgetall hdel hexists hincrby hlen hscan',
  'lpush rpush lpop rpop rpoplpush lrange lrem llen ltrim lindex lpos lset',
  'sadd srem scard smembers sismember sscan',
  'zadd zrem zscore zcard zcount zrange zrevrange zrangebyscore zrevrangebyscore zrangebylex',
  'zlexcount zremrangebyscore zremrangebyrank zpopmin',
  'xadd xtrim xrange xread xlen xdel',
].flatMap((line) => line.split(' '));

/** Publishing an event (events.ts `publish`). */
export const PUBLISH_COMMANDS = ['xadd'];

/** Reading a topic in one's own consumer group (events.ts `consume`); never XADD, XDEL or DEL. */
export const SUBSCRIBE_COMMANDS = ['xgroup|create', 'xreadgroup', 'xack', 'xautoclaim'];

/** Counting, peeking at and resetting rate limits (limits/rate-limit.ts). */
export const RATE_LIMIT_COMMANDS = ['multi', 'exec', 'incr', 'pexpire', 'pttl', 'get', 'del'];

/** A process's own plain keys (the mailer's sent ledger). */
export const OWN_KEY_COMMANDS = ['exists', 'get', 'set', 'del'];

/** One grant: these commands, on keys matching these patterns. */
export type RedisGrant = { keys: string[]; commands: string[] };

/** What `access` needs on Redis under `prefix`, one grant per kind of use. */
export function redisGrants(access: RedisAccess, prefix: string): RedisGrant[] {
  checkedPrefix(prefix);
  const grants: RedisGrant[] = [];
  const queues = [...new Set([...(access.addsJobs ?? []), ...(access.worksJobs ?? [])])];
  if (queues.length)
    grants.push({ keys: queues.map((q) => queueKeyPattern(prefix, q)), commands: QUEUE_COMMANDS });
  if (access.publishes?.length)
    grants.push({
      keys: access.publishes.map((t) => eventStreamKey(prefix, t)),
      commands: PUBLISH_COMMANDS,
    });
  if (access.subscribes?.length)
    grants.push({
      keys: access.subscribes.map((t) => eventStreamKey(prefix, t)),
      commands: SUBSCRIBE_COMMANDS,
    });
  if (access.countsRateLimits)
    grants.push({ keys: [rateLimitKeyPattern(prefix)], commands: RATE_LIMIT_COMMANDS });
  if (access.ownKeys?.length)
    grants.push({
      keys: access.ownKeys.map((name) => ownKeyPattern(prefix, name)),
      commands: OWN_KEY_COMMANDS,
    });
  return grants;
}

/**
 * The ACL rules of a process's user, as `ACL SETUSER <name>` takes them after the name and an
 * ACL file after `user <name>` (without the password, which the caller adds): no key, channel
 * or command but the connection's own, then one selector per grant, so each command reaches
 * only the keys of the use it serves (Redis 7). A command with no key in a grant (MULTI, TIME)
 * runs anywhere, but touches no data.
 */
export function redisAclRules(access: RedisAccess, prefix: string): string[] {
  return [
    'resetkeys',
    'resetchannels',
    '-@all',
    ...CONNECTION_COMMANDS.map((c) => `+${c}`),
    ...redisGrants(access, prefix).map(
      (g) => `(${[...g.keys.map((k) => `~${k}`), ...g.commands.map((c) => `+${c}`)].join(' ')})`,
    ),
  ];
}
