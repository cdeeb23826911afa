import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETED,
  MAIL_QUEUE,
  MEDIA_SIZES_QUEUE,
  REMINDERS_QUEUE,
} from '@dayframe/contracts';
import { REDIS_ACCESS } from '@dayframe/catalog';
import { silentLogger } from '@dayframe/service-kit/http';
import { createJobBus } from '@dayframe/service-kit/jobs';
import { createEventBus } from '@dayframe/service-kit/events';
import { redisRateLimiter } from '@dayframe/service-kit/limits';
import { SHARED_REDIS, testRedisPrefix } from '@dayframe/test-kit';
import { provisionRedisUsers, type RedisUsers } from './redis-users.ts';

// The users `npm run start:distributed` makes on the shared Redis: each process's engines do
// everything they do in production as its own user, and Redis logs no refusal while they do.
describe('per-process Redis users', () => {
  const log = silentLogger();
  const keys = testRedisPrefix();
  let users: RedisUsers;
  let admin: Redis;
  beforeAll(async () => {
    users = await provisionRedisUsers(SHARED_REDIS, {
      keyPrefix: keys.prefix,
      userPrefix: `dftest-${randomBytes(4).toString('hex')}`,
    });
    admin = new Redis(SHARED_REDIS);
  });
  afterAll(async () => {
    await users?.drop();
    admin?.disconnect();
    await keys.cleanup();
  });

  /** Refusals Redis logged for this file's users (ACL LOG is server-wide: filter by name). */
  const refusals = async () =>
    ((await admin.call('ACL', 'LOG', '200')) as unknown[][])
      .map((entry) => Object.fromEntries(chunk(entry)) as Record<string, unknown>)
      .filter((e) => Object.values(users.names).includes(String(e.username)))
      .map((e) => `${e.username}: ${e.reason} ${e.object}`);

  it('names the queue and topic of the contracts in the catalog', () => {
    expect(REDIS_ACCESS.identity.addsJobs).toEqual([MAIL_QUEUE]);
    expect(REDIS_ACCESS.mailer.worksJobs).toEqual([MAIL_QUEUE]);
    expect(REDIS_ACCESS.identity.publishes).toEqual([ACCOUNT_DELETED]);
    expect(REDIS_ACCESS.journals.subscribes).toEqual([ACCOUNT_DELETED]);
    expect(REDIS_ACCESS.media.addsJobs).toEqual([MEDIA_SIZES_QUEUE]);
    expect(REDIS_ACCESS.media.worksJobs).toEqual([MEDIA_SIZES_QUEUE]);
    expect(REDIS_ACCESS.reminders.addsJobs).toEqual([REMINDERS_QUEUE, MAIL_QUEUE]);
    expect(REDIS_ACCESS.reminders.worksJobs).toEqual([REMINDERS_QUEUE]);
  });

  it('gives each process a user of its own with a long random password', () => {
    for (const [process, url] of Object.entries(users.urls)) {
      const parsed = new URL(url);
      expect(parsed.username).toBe(users.names[process as keyof typeof users.names]);
      expect(parsed.password).toMatch(/^[0-9a-f]{48}$/);
    }
    // One user per process the catalog gives Redis access, none shared.
    expect(new Set(Object.values(users.urls)).size).toBe(Object.keys(REDIS_ACCESS).length);
    expect(Object.keys(users.urls).sort()).toEqual(Object.keys(REDIS_ACCESS).sort());
  });

  it('lets identity queue mail that the mailer works, through a failed attempt and its retry', async () => {
    const producer = createJobBus({ redisUrl: users.urls.identity, prefix: keys.prefix, log });
    const worker = createJobBus({
      redisUrl: users.urls.mailer,
      prefix: keys.prefix,
      log,
      backoffMs: 20,
    });
    const attempts: number[] = [];
    worker.work<{ to: string }>(MAIL_QUEUE, async (_job, { attempt }) => {
      attempts.push(attempt);
      if (attempt === 1) throw new Error('relay down');
    });
    try {
      await producer.ready();
      await producer.add(MAIL_QUEUE, { to: 'a@example.com' }, { jobId: randomUUID() });
      await expect.poll(() => attempts, { timeout: 10_000 }).toEqual([1, 2]);
      // Completed jobs are removed: nothing of the job is left but the queue's bookkeeping.
      await expect
        .poll(async () =>
          (await keys.keys()).filter((k) => /:mail:\d+$|:mail:[0-9a-f-]{36}$/.test(k)),
        )
        .toEqual([]);
    } finally {
      await worker.close();
      await producer.close();
    }
    expect(await refusals()).toEqual([]);
  });

  it('lets identity publish account deletions that journals and goals read in their groups', async () => {
    const identity = createEventBus({ redisUrl: users.urls.identity, prefix: keys.prefix, log });
    const got: Record<string, unknown[]> = { journals: [], goals: [] };
    const subscribers = (['journals', 'goals'] as const).map((name) => {
      const bus = createEventBus({
        redisUrl: users.urls[name],
        prefix: keys.prefix,
        log,
        retryMs: 200,
      });
      let failed = false;
      bus.subscribe(ACCOUNT_DELETED, name, async (event) => {
        // One failure each, so the retry (XAUTOCLAIM) runs as the subscriber's user too.
        if (!failed) {
          failed = true;
          throw new Error('database away');
        }
        got[name]!.push(event);
      });
      return bus;
    });
    try {
      const stream = `${keys.prefix}:events:${ACCOUNT_DELETED}`;
      await expect
        .poll(async () => ((await admin.xinfo('GROUPS', stream).catch(() => [])) as []).length)
        .toBe(2);
      await identity.publish(ACCOUNT_DELETED, { userId: 'u1' });
      await expect
        .poll(() => got, { timeout: 10_000 })
        .toEqual({
          journals: [{ userId: 'u1' }],
          goals: [{ userId: 'u1' }],
        });
    } finally {
      await Promise.all([identity, ...subscribers].map((bus) => bus.close()));
    }
    expect(await refusals()).toEqual([]);
  });

  it('lets identity count, peek at and reset its rate limits', async () => {
    const limiter = redisRateLimiter(users.urls.identity, keys.prefix, log);
    try {
      // It lets requests through uncounted until its connection is up.
      await expect
        .poll(async () => (await limiter.hit('warm-up', 100, 60_000)).count)
        .toBeGreaterThan(0);
      expect((await limiter.hit('login:a', 2, 60_000)).count).toBe(1);
      expect((await limiter.hit('login:a', 2, 60_000)).count).toBe(2);
      expect((await limiter.peek('login:a', 2)).allowed).toBe(false);
      await limiter.reset('login:a');
      expect((await limiter.peek('login:a', 2)).count).toBe(0);
    } finally {
      await limiter.close();
    }
    expect(await refusals()).toEqual([]);
  });

  it('lets reminders count its tests a minute as its own user', async () => {
    const limiter = redisRateLimiter(users.urls.reminders, keys.prefix, log);
    try {
      // It lets requests through uncounted until its connection is up.
      await expect
        .poll(async () => (await limiter.hit('reminder-tests:u1', 5, 60_000)).count)
        .toBeGreaterThan(0);
    } finally {
      await limiter.close();
    }
    expect(await refusals()).toEqual([]);
  });

  it('lets media queue and work its image sizes, and count its uploads a minute, as its own user', async () => {
    const jobs = createJobBus({ redisUrl: users.urls.media, prefix: keys.prefix, log });
    const limiter = redisRateLimiter(users.urls.media, keys.prefix, log);
    const made: string[] = [];
    jobs.work<{ mediaId: string }>(MEDIA_SIZES_QUEUE, async ({ mediaId }) => {
      made.push(mediaId);
    });
    try {
      await jobs.ready();
      const mediaId = randomUUID();
      await jobs.add(MEDIA_SIZES_QUEUE, { mediaId }, { jobId: mediaId });
      await expect.poll(() => made, { timeout: 10_000 }).toEqual([mediaId]);
      await expect
        .poll(async () => (await limiter.hit('media-uploads:u1', 60, 60_000)).count)
        .toBeGreaterThan(0);
    } finally {
      await jobs.close();
      await limiter.close();
    }
    expect(await refusals()).toEqual([]);
  });

  it('removes the users, and their connections, when dropped', async () => {
    const journals = new Redis(users.urls.journals);
    expect(await journals.ping()).toBe('PONG');
    const again = await provisionRedisUsers(SHARED_REDIS, {
      keyPrefix: keys.prefix,
      userPrefix: `dftest-${randomBytes(4).toString('hex')}`,
    });
    await again.drop();
    const listed = (await admin.call('ACL', 'USERS')) as string[];
    for (const name of Object.values(again.names)) expect(listed).not.toContain(name);
    expect(listed).toContain(users.names.journals);
    journals.disconnect();
  });
});

function chunk(flat: unknown[]): [string, unknown][] {
  const pairs: [string, unknown][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([String(flat[i]), flat[i + 1]]);
  return pairs;
}
