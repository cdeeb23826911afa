// Issue 24, finding 6: every service shared the event bus (one Redis password), so anything that
// could reach it could publish account.deleted for any user. Only identity's Redis user may
// publish now (redis-acl.test.ts); behind that, identity signs its events with its token key and
// journals and goals, which hold only the public half, act on a valid signature alone.
// Real journals and goals on SQLite, subscribed through keepAccountDataInStep, over real Redis
// and over the in-process bus; a forged event must be dropped, logged by its id, acknowledged
// and delete nothing, and a signed one still deletes.
import { createPublicKey, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELETED } from '@dayframe/contracts';
import {
  createEventBus,
  inProcessEventBus,
  keepAccountDataInStep,
  type AccountDataKeeper,
  type EventBus,
} from '@dayframe/service-kit/events';
import { createTokenIssuer, createTokenVerifier } from '@dayframe/service-kit/tokens';
import {
  apiClient,
  listen,
  openTestDatabase,
  otherTokenKeys,
  testRedisPrefix,
  testTokenKeys,
  type OpenTestDatabase,
  finding,
  testServiceSecret,
} from '@dayframe/test-kit';
import { createJournals } from '@dayframe/journals';
import { createGoals } from '@dayframe/goals';
import { attack } from './_summary.ts';

const KIND = 'forged account.deleted event';
const SUBSCRIBERS = ['journals', 'goals'];

type LogLine = { level: number; msg: string; eventId?: string; [field: string]: unknown };

describe.each(['in-process', 'redis'] as const)('account.deleted events on the %s bus', (bus) => {
  const redis = testRedisPrefix();
  const lines: LogLine[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  // Identity alone holds the private key; the subscribers are given the public one.
  const identity = createTokenIssuer(testTokenKeys().signingKey);
  const verifier = createTokenVerifier(createPublicKey(testTokenKeys().publicKey));
  const stranger = createTokenIssuer(otherTokenKeys().signingKey);
  let database: OpenTestDatabase;
  let servers: { url: string; close(): Promise<void> }[] = [];
  let subscriberBus: EventBus;
  let attackerBus: EventBus;
  const keepers: AccountDataKeeper[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
    const deps = {
      db: database.db,
      tokens: verifier,
      checkSession: async (_token: string, claims: { sub: string }) => ({
        id: claims.sub,
        role: 'user' as const,
        verified: true,
      }),
      serviceKey: testServiceSecret().key,
      log,
    };
    const journals = createJournals(deps);
    const goals = createGoals(deps);
    await journals.migrate();
    await goals.migrate();
    servers = [await listen(journals.app.callback()), await listen(goals.app.callback())];
    const redisBus = () =>
      createEventBus({ redisUrl: redis.url, prefix: redis.prefix, log, retryMs: 200 });
    subscriberBus = bus === 'redis' ? redisBus() : inProcessEventBus(log);
    // Over Redis the attacker is any other process with the password; in-process, any caller.
    attackerBus = bus === 'redis' ? redisBus() : subscriberBus;
    for (const [name, owner] of [
      ['journals', journals],
      ['goals', goals],
    ] as const)
      keepers.push(
        keepAccountDataInStep({
          name,
          owner,
          events: subscriberBus,
          tokens: verifier,
          users: { existing: async (ids) => new Set(ids) },
          log,
          sweep: { everyMs: 3_600_000, firstMs: 3_600_000 }, // only events remove rows here
        }),
      );
    if (bus === 'redis') await groupsExist();
  });
  afterAll(async () => {
    for (const keeper of keepers) await keeper.stop();
    await subscriberBus?.close();
    if (attackerBus !== subscriberBus) await attackerBus?.close();
    for (const server of servers) await server.close();
    await database?.close();
    await redis.cleanup();
  });

  const stream = `${redis.prefix}:events:${ACCOUNT_DELETED}`;
  /** Events published before a subscriber's group exists never reach it: wait for both. */
  async function groupsExist() {
    const conn = new Redis(redis.url);
    try {
      await vi.waitFor(
        async () => {
          const groups = JSON.stringify(await conn.xinfo('GROUPS', stream).catch(() => []));
          for (const name of SUBSCRIBERS)
            if (!groups.includes(`"${name}"`)) throw new Error(`no ${name} group yet`);
        },
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      conn.disconnect();
    }
  }
  /** Over Redis, no entry left unacknowledged in either group: a dropped event does not loop. */
  async function nothingPending() {
    if (bus !== 'redis') return;
    const conn = new Redis(redis.url);
    try {
      for (const name of SUBSCRIBERS)
        await vi.waitFor(async () => expect((await conn.xpending(stream, name))[0]).toBe(0), {
          timeout: 10_000,
          interval: 20,
        });
    } finally {
      conn.disconnect();
    }
  }

  async function accountWithContent(): Promise<string> {
    const userId = randomUUID();
    const token = identity.sign({ sub: userId, role: 'user', sv: 0 });
    const [journalsApi, goalsApi] = servers.map((s) => apiClient(s.url));
    const journal = await journalsApi!.call('POST', '/api/journals', {
      token,
      body: { title: 'J' },
    });
    expect(journal.status).toBe(201);
    const entry = await journalsApi!.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { content: 'c', date: '2026-05-01' },
    });
    expect(entry.status).toBe(201);
    const goal = await goalsApi!.call('POST', '/api/goals', {
      token,
      body: { title: 'G', description: 'd', dateDue: '2026-06-01' },
    });
    expect(goal.status).toBe(201);
    return userId;
  }
  async function rowsOf(userId: string) {
    const counts = [];
    for (const table of ['journals', 'entries', 'goals'])
      counts.push(
        Number((await database.db(table).where({ user_id: userId }).count({ n: '*' }).first())?.n),
      );
    return counts;
  }
  const droppedFor = (subscriber: string, eventId: string) =>
    lines.filter(
      (l) =>
        l.level === 40 &&
        l.subscriber === subscriber &&
        l.eventId === eventId &&
        l.msg === 'event without a valid signature from identity dropped',
    );

  const at = () => new Date().toISOString();
  const forgeries: [string, (victim: string, attacker: string) => Record<string, unknown>][] = [
    ['unsigned', (victim) => ({ id: randomUUID(), userId: victim, at: at() })],
    [
      'signed with another key',
      (victim) => {
        const fields = { id: randomUUID(), userId: victim, at: at() };
        return { ...fields, signature: stranger.signEvent(ACCOUNT_DELETED, fields) };
      },
    ],
    [
      "signed for the attacker's account, its user id changed to the victim's",
      (victim, attacker) => {
        const fields = { id: randomUUID(), userId: attacker, at: at() };
        return {
          ...fields,
          userId: victim,
          signature: identity.signEvent(ACCOUNT_DELETED, fields),
        };
      },
    ],
    [
      'carrying a session token as its signature',
      (victim) => ({
        id: randomUUID(),
        userId: victim,
        at: at(),
        signature: identity.sign({ sub: victim, role: 'user', sv: 0 }),
      }),
    ],
  ];

  it.each(forgeries)(
    'drops an event %s: logged by its id, acknowledged, nothing deleted',
    async (_name, forge) => {
      const victim = await accountWithContent();
      const attacker = await accountWithContent();
      const event = forge(victim, attacker);
      const id = event.id as string;
      await finding('R3-6 forged or unsigned account.deleted event', 'refused', () =>
        attack(
          KIND,
          async () => {
            await attackerBus.publish(ACCOUNT_DELETED, event);
            for (const name of SUBSCRIBERS)
              await expect.poll(() => droppedFor(name, id), { timeout: 10_000 }).toHaveLength(1);
            await nothingPending();
          },
          async () => {
            expect(await rowsOf(victim)).toEqual([1, 1, 1]);
            expect(await rowsOf(attacker)).toEqual([1, 1, 1]);
          },
        ),
      );
      // The warning names the event, never what it carried beyond ids.
      for (const line of droppedFor('journals', id)) {
        expect(JSON.stringify(line)).not.toContain(String(event.signature ?? 'no signature'));
      }
    },
  );

  it('deletes the rows of an account in an event identity signed', async () => {
    const leaver = await accountWithContent();
    const stays = await accountWithContent();
    const fields = { id: randomUUID(), userId: leaver, at: at() };
    await attackerBus.publish(ACCOUNT_DELETED, {
      ...fields,
      signature: identity.signEvent(ACCOUNT_DELETED, fields),
    });
    await expect.poll(() => rowsOf(leaver), { timeout: 10_000 }).toEqual([0, 0, 0]);
    expect(await rowsOf(stays)).toEqual([1, 1, 1]);
    await nothingPending();
    expect(droppedFor('journals', fields.id)).toEqual([]);
  });
});
