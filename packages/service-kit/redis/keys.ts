// Where each engine keeps its keys on Redis, under the deployment's key prefix (`QUEUE_PREFIX`).
// The engines name their keys through these, and each process's ACL (acl.ts) grants exactly
// these patterns, so a key moved here moves in both.

/** A prefix that is safe inside an ACL key pattern: no glob characters, no spaces. */
export function checkedPrefix(prefix: string): string {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(prefix))
    throw new Error('QUEUE_PREFIX must be 1-64 letters, digits, _ . or -');
  return prefix;
}

/** An event topic's stream (`dayframe:events:account.deleted`). */
export const eventStreamKey = (prefix: string, topic: string) => `${prefix}:events:${topic}`;

/** A rate-limit counter (`dayframe:rl:login:…`). */
export const rateLimitCounterKey = (prefix: string, key: string) => `${prefix}:rl:${key}`;

/** A key a process keeps for itself (`dayframe:mail-sent:<job id>`). */
export const ownKey = (prefix: string, name: string, id: string) => `${prefix}:${name}:${id}`;

/** Every key a job queue holds: BullMQ names them `<prefix>:<queue>:<suffix>`. */
export const queueKeyPattern = (prefix: string, queue: string) => `${prefix}:${queue}:*`;
export const rateLimitKeyPattern = (prefix: string) => `${prefix}:rl:*`;
export const ownKeyPattern = (prefix: string, name: string) => `${prefix}:${name}:*`;
