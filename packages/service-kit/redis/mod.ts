/**
 * Redis as the engines use it: where each keeps its keys under `QUEUE_PREFIX`, and the ACL of a
 * process's own Redis user drawn from what its catalog row says it does there (`REDIS_ACCESS`):
 * those keys, with only the commands its engines send.
 *
 * @example
 * import { REDIS_ACCESS } from '@dayframe/catalog';
 * import { redisAclRules } from '@dayframe/service-kit/redis';
 * const rules = redisAclRules(REDIS_ACCESS.journals, 'dayframe');
 * // ['resetkeys', …, '(~dayframe:events:account.deleted +xgroup|create +xreadgroup …)']
 */
export * from './keys.ts';
export * from './acl.ts';
