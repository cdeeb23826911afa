import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_DELETED,
  accountDeletedEvent,
  type AccountDeletedEvent,
} from '@dayframe/contracts';
import { silentLogger } from '@dayframe/service-kit/http';
import { createEventBus, type EventBus } from '@dayframe/service-kit/events';
import {
  confirmed,
  createTestDatabase,
  freePort,
  testRedisPrefix,
  type TestDatabase,
} from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

// The outbox on MariaDB, relayed through the Redis event bus to a subscriber on its own bus (as
// journals in its own process would be): what survives a failed publish and a crash.
describe('account.deleted through the outbox (MariaDB, Redis)', () => {
  const redis = testRedisPrefix();
  const log = silentLogger();
  let database: TestDatabase;
  let subscriberBus: EventBus;
  const received: AccountDeletedEvent[] = [];
  const running: Harness[] = [];

  const redisBus = (url = redis.url) =>
    createEventBus({ redisUrl: url, prefix: redis.prefix, log, retryMs: 200 });
  const start = async (events: EventBus) => {
    const h = await startIdentity('mariadb', { databaseUrl: database.url, events });
    running.push(h);
    return h;
  };
  const pending = (h: Harness) => h.db('outbox').whereNull('delivered_at').select('id', 'attempts');
  const receivedFor = (userId: string) => received.filter((e) => e.userId === userId);

  beforeAll(async () => {
    database = await createTestDatabase();
    subscriberBus = redisBus();
    subscriberBus.subscribe(ACCOUNT_DELETED, 'journals', async (e) => {
      received.push(accountDeletedEvent.parse(e));
    });
    // Events published before the subscriber's group exists never reach it: wait for the group.
    const conn = new Redis(redis.url);
    try {
      const groups = () =>
        conn.xinfo('GROUPS', `${redis.prefix}:events:${ACCOUNT_DELETED}`).catch(() => []);
      await vi.waitFor(
        async () => {
          if (!JSON.stringify(await groups()).includes('"journals"'))
            throw new Error('no group yet');
        },
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      conn.disconnect();
    }
  });
  afterAll(async () => {
    for (const h of running) await h.stop().catch(() => undefined);
    await subscriberBus?.close();
    await database?.drop();
    await redis.cleanup();
  });

  it('records the event in the deleting transaction and delivers it once the publish that threw is retried', async () => {
    const real = redisBus();
    let failures = 0;
    const flaky: EventBus = {
      ...real,
      async publish(topic, event) {
        if (failures++ === 0) throw new Error('Redis said no, once');
        return real.publish(topic, event);
      },
    };
    const h = await start(flaky);
    const { token, user } = await h.verifiedUser('Flo', 'flo@example.com');
    const headers = await confirmed(h.api, { token });
    expect((await h.api.call('DELETE', '/api/user/delete', { token, headers })).status).toBe(200);
    await expect.poll(() => receivedFor(user._id), { timeout: 10_000 }).toHaveLength(1);
    expect(failures).toBeGreaterThanOrEqual(2);
    const [event] = receivedFor(user._id);
    expect(event).toEqual({
      id: expect.any(String),
      userId: user._id,
      at: expect.any(String),
      signature: expect.any(String),
    });
    // Signed with identity's key over what it says, so no other holder of the bus can forge one.
    expect(h.tokens.verifyEvent(ACCOUNT_DELETED, event)).toEqual({
      id: event!.id,
      userId: user._id,
      at: event!.at,
    });
    // The relay marks a row after the bus took it, so the subscriber may see it a moment first.
    await expect.poll(() => pending(h)).toEqual([]);
    const row = await h
      .db('outbox')
      .where({ id: receivedFor(user._id)[0]!.id })
      .first();
    expect(row.attempts).toBe(1); // the failed try was counted
    expect(JSON.parse(row.payload)).toEqual({ id: row.id, userId: user._id }); // no secrets
    await h.stop();
    await real.close();
  });

  it('a process that dies between commit and publish leaves the event; the next start relays it', async () => {
    // Redis is unreachable for the first process: the deletion commits, the publish cannot.
    const deadBus = redisBus(`redis://127.0.0.1:${await freePort()}`);
    const first = await start(deadBus);
    const { token, user } = await first.verifiedUser('Cra', 'crash@example.com');
    const headers = await confirmed(first.api, { token });
    expect((await first.api.call('DELETE', '/api/user/delete', { token, headers })).status).toBe(
      200,
    );
    await expect.poll(async () => (await pending(first))[0]?.attempts ?? 0).toBeGreaterThan(0);
    await first.stop(); // the process is gone; its event is still in the outbox
    await deadBus.close();
    expect(receivedFor(user._id)).toEqual([]);

    const bus = redisBus();
    const second = await start(bus);
    await expect.poll(() => receivedFor(user._id), { timeout: 10_000 }).toHaveLength(1);
    await expect.poll(() => pending(second)).toEqual([]);
    await second.stop();
    await bus.close();
  });

  it('Delete All records one event per deleted account and relays them all', async () => {
    const bus = redisBus();
    const h = await start(bus);
    const admin = await h.verifiedUser('Adm', 'adm@example.com');
    await h.db('users').where({ id: admin.user._id }).update({ role: 'admin' });
    const others = [];
    for (const name of ['a', 'b', 'c']) others.push(await h.signup(name, `${name}@example.com`));
    const res = await h.api.call('DELETE', '/api/admin/users', {
      token: admin.token,
      headers: await confirmed(h.api, admin),
    });
    expect(res.status, res.text).toBe(200);
    for (const other of others)
      await expect.poll(() => receivedFor(other.user._id), { timeout: 10_000 }).toHaveLength(1);
    expect(receivedFor(admin.user._id)).toEqual([]);
    await h.stop();
    await bus.close();
  });
});
