import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayMariadb, type ThrowawayServer } from '@dayframe/test-kit';
import { injectFault, steadyLoad } from './_load.ts';
import { startSystem } from './_system.ts';

const WAIT_TIMEOUT_S = 3;

describe('MariaDB killed and restarted under load (distributed)', () => {
  let mariadb: ThrowawayServer;
  let sys: Awaited<ReturnType<typeof startSystem>>;
  let token: string;
  beforeAll(async () => {
    mariadb = await startThrowawayMariadb({ waitTimeout: WAIT_TIMEOUT_S });
    sys = await startSystem({ mariadbUrl: mariadb.url });
    token = (await sys.verifiedUser('Dora', 'dora@example.com')).token;
  }, 120_000);
  afterAll(async () => {
    await sys?.stop();
    await mariadb?.remove();
  });

  it(
    'answers 503 fast during the outage, recovers within 10 s of the restart, and loses no acknowledged write',
    () =>
      injectFault('MariaDB killed and restarted', async (tally) => {
        const load = steadyLoad(sys.api, token, { tag: 'outage' });
        await new Promise((r) => setTimeout(r, 1_000));
        const killedAt = Date.now();
        await mariadb.kill();
        await new Promise((r) => setTimeout(r, 4_000));
        const restartedAt = Date.now();
        await mariadb.start();
        await new Promise((r) => setTimeout(r, 10_000));
        const samples = await load.stop();

        const during = samples.filter((s) => s.at > killedAt + 200 && s.at < restartedAt);
        expect(during.length).toBeGreaterThan(5);
        for (const s of during) {
          expect(s.ms, JSON.stringify(s)).toBeLessThan(5_000);
          expect([503], JSON.stringify(s)).toContain(s.status);
        }
        const failuresAfter = samples.filter(
          (s) => s.at >= restartedAt && (s.status < 200 || s.status >= 300),
        );
        const lastFailure = Math.max(restartedAt, ...failuresAfter.map((s) => s.at));
        expect(lastFailure - restartedAt).toBeLessThan(10_000);
        expect(samples.filter((s) => s.at > lastFailure).length).toBeGreaterThan(10);
        expect(sys.allAlive()).toBe(true);

        const acknowledged = load.acknowledged();
        expect(acknowledged.length).toBeGreaterThan(10);
        const conn = await mysql.createConnection({ uri: sys.databaseUrl });
        try {
          const [rows] = await conn.query('SELECT id FROM journals WHERE id IN (?)', [
            acknowledged,
          ]);
          tally.requests = samples.length;
          tally.writesAcknowledged = acknowledged.length;
          tally.writesFound = (rows as { id: string }[]).length;
          expect((rows as { id: string }[]).length).toBe(acknowledged.length);
        } finally {
          await conn.end();
        }
      }),
    60_000,
  );

  it(
    "succeeds on the first request after an idle period longer than MariaDB's wait_timeout",
    () =>
      injectFault('idle past the wait_timeout of MariaDB', async (tally) => {
        expect((await sys.api.call('GET', '/api/journals', { token })).status).toBe(200);
        await new Promise((r) => setTimeout(r, (WAIT_TIMEOUT_S + 2) * 1_000));
        const first = await sys.api.call('GET', '/api/journals', { token });
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        const write = await sys.api.call('POST', '/api/journals', {
          token,
          body: { title: 'after idle' },
        });
        expect(write.status).toBe(201);
        Object.assign(tally, { requests: 3, writesAcknowledged: 1, writesFound: 1 });
      }),
    30_000,
  );
});
