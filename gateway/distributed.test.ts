import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import {
  apiClient,
  codeFrom,
  createTestDatabase,
  startSmtpSink,
  testRedisPrefix,
  type ApiClient,
  type SmtpSink,
  type TestDatabase,
} from '@dayframe/test-kit';
import { startDistributed, type Distributed } from '../scripts/distributed.ts';

// The distributed topology as `npm run start:distributed` runs it: six processes on MariaDB
// and Redis, mail through a real SMTP server.
describe('distributed topology on MariaDB and Redis', () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  const redis = testRedisPrefix();
  let system: Distributed;
  let api: ApiClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    system = await startDistributed(
      {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        QUEUE_PREFIX: redis.prefix,
        JWT_SECRET: 'distributed-test-secret-long-enough-0123456789',
        BCRYPT_COST: '4',
        SMTP_URL: sink.url,
        LOG_LEVEL: 'warn',
      },
      { freePorts: true },
    );
    api = apiClient(system.gatewayUrl);
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await sink?.close();
    await redis.cleanup();
    await database?.drop();
  });

  async function verifiedUser(name: string, email: string) {
    expect(
      (
        await api.call('POST', '/api/auth/signup', {
          body: { name, email, password: 'correct horse battery' },
        })
      ).status,
    ).toBe(201);
    expect((await api.call('POST', '/api/auth/otp/send', { body: { email } })).status).toBe(200);
    const code = codeFrom(await sink.waitFor((m) => m.to.includes(email)));
    const verified = await api.call('POST', '/api/auth/otp/verify', { body: { email, otp: code } });
    expect(verified.status).toBe(200);
    return verified.body as { token: string; user: { _id: string } };
  }

  it('runs sign-up → verify → journal → entry → goal → calendar through the gateway', async () => {
    const { token } = await verifiedUser('Dee', 'dee@example.com');
    const journal = await api.call('POST', '/api/journals', {
      token,
      body: { title: 'Travel', description: 'Trips' },
    });
    expect(journal.status).toBe(201);
    const entry = await api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { title: 'Lisbon', content: 'Tram 28', date: '2026-11-20' },
    });
    expect(entry.status).toBe(201);
    const goal = await api.call('POST', '/api/goals', {
      token,
      body: { title: 'Pack', description: 'Bags', dateDue: '2026-11-21', dateSet: '2026-11-19' },
    });
    expect(goal.status).toBe(201);
    expect(
      (
        await api.call('PUT', `/api/goals/${goal.body._id}/complete`, {
          token,
          body: { currentDate: '2026-11-22' },
        })
      ).status,
    ).toBe(200);
    const calendar = await api.call('GET', '/api/calendar?from=2026-10-26&to=2026-12-06', {
      token,
    });
    expect(calendar.status).toBe(200);
    expect(calendar.body.entries['2026-11-20'][0]).toMatchObject({
      title: 'Lisbon',
      journalTitle: 'Travel',
    });
    expect(calendar.body.completedGoals['2026-11-22'][0]).toMatchObject({ title: 'Pack' });
    expect((await api.call('GET', '/readyz')).status).toBe(200);
  });

  it('removes every row of a deleted account in every service, through Redis', async () => {
    const { token, user } = await verifiedUser('Gone', 'gone@example.com');
    const journal = await api.call('POST', '/api/journals', {
      token,
      body: { title: 'Soon gone' },
    });
    await api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { title: 't', content: 'c', date: '2026-11-02' },
    });
    await api.call('POST', '/api/goals', {
      token,
      body: { title: 'g', description: 'd', dateDue: '2026-12-01' },
    });
    const conn = await mysql.createConnection({ uri: database.url });
    try {
      const count = async (table: string) => {
        const [rows] = await conn.query(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`, [
          user._id,
        ]);
        return Number((rows as { n: number }[])[0]!.n);
      };
      expect([await count('journals'), await count('entries'), await count('goals')]).toEqual([
        1, 1, 1,
      ]);
      expect((await api.call('DELETE', '/api/user/delete', { token })).status).toBe(200);
      expect((await api.call('GET', '/api/journals', { token })).status).toBe(401);
      await expect
        .poll(async () => [await count('journals'), await count('entries'), await count('goals')], {
          timeout: 10_000,
        })
        .toEqual([0, 0, 0]);
    } finally {
      await conn.end();
    }
  });

  it('keeps serving the others while one service is down, and picks it up again without a restart', async () => {
    const { token } = await verifiedUser('Stay', 'stay@example.com');
    const timed = async (path: string) => {
      const started = performance.now();
      const res = await api.call('GET', path, { token });
      return { status: res.status, ms: performance.now() - started, body: res.body };
    };
    expect((await timed('/api/journals')).status).toBe(200);
    expect(await system.processes.journals.stop()).toBe(0); // SIGTERM: a clean exit
    const down = await timed('/api/journals');
    expect(down.status).toBe(503);
    expect(down.ms).toBeLessThan(1_000);
    expect(down.body.code).toBe('upstream_unavailable');
    expect((await timed('/api/goals/due')).status).toBe(200);
    const ready = await api.call('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.message).toContain('journals');
    await system.restart('journals');
    expect((await timed('/api/journals')).status).toBe(200);
    expect((await api.call('GET', '/readyz')).status).toBe(200);
  });
});
