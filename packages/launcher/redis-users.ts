// Each process that uses Redis connects as a Redis user of its own, allowed only the keys and
// commands of what it does there (docs/decisions/0042). The distributed launcher makes these
// users with this, from an admin URL; compose and Kubernetes load the same rules from
// deploy/redis/users.acl.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { REDIS_ACCESS, REDIS_USERS, type RedisUserName } from '@dayframe/catalog';
import { redisAclRules } from '@dayframe/service-kit/redis';

export type RedisUsers = {
  /** Each process's `REDIS_URL`: the admin URL's server, its own user and password. */
  urls: Record<RedisUserName, string>;
  /** Each process's Redis user name. */
  names: Record<RedisUserName, string>;
  /** Deletes the users (their connections are closed by Redis). */
  drop(): Promise<void>;
};

/**
 * Creates `<userPrefix>-<process>` for each process that uses Redis, with the ACL of its
 * catalog row (`REDIS_ACCESS`) over the keys under `keyPrefix` (the processes' `QUEUE_PREFIX`)
 * and a new random password. A user of that name is replaced. `adminUrl` must be allowed
 * `ACL SETUSER` and `ACL DELUSER` (the `default` user of a Redis without ACLs is).
 */
export async function provisionRedisUsers(
  adminUrl: string,
  options: { keyPrefix: string; userPrefix: string },
): Promise<RedisUsers> {
  if (!/^[a-z0-9][a-z0-9_-]{0,40}$/.test(options.userPrefix))
    throw new Error('the Redis user prefix must be 1-41 lowercase letters, digits, _ or -');
  const names = Object.fromEntries(
    REDIS_USERS.map((p) => [p, `${options.userPrefix}-${p}`]),
  ) as Record<RedisUserName, string>;
  const urls = {} as Record<RedisUserName, string>;
  const admin = await connect(adminUrl);
  try {
    for (const process of REDIS_USERS) {
      const password = randomBytes(24).toString('hex');
      const rules = redisAclRules(REDIS_ACCESS[process], options.keyPrefix);
      await admin.call('ACL', 'SETUSER', names[process], 'reset', 'on', `>${password}`, ...rules);
      const url = new URL(adminUrl);
      url.username = names[process];
      url.password = password;
      urls[process] = url.toString();
    }
    await saveAcl(admin);
  } finally {
    admin.disconnect();
  }
  return {
    urls,
    names,
    async drop() {
      const conn = await connect(adminUrl);
      try {
        await conn.call('ACL', 'DELUSER', ...Object.values(names));
        await saveAcl(conn);
      } finally {
        conn.disconnect();
      }
    },
  };
}

/**
 * A server started with `--aclfile` loads its users from that file when it starts again: write
 * them there, so a restarted Redis still knows them. Without one, ACL SAVE refuses and the users
 * live as long as the server process does.
 */
async function saveAcl(redis: Redis): Promise<void> {
  try {
    await redis.call('ACL', 'SAVE');
  } catch (error) {
    if (!/not configured to use an ACL file/i.test((error as Error).message)) throw error;
  }
}

async function connect(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined); // the command's own failure says what went wrong
  await redis.connect();
  return redis;
}
