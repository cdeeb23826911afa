import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmed, createTestDatabase, type TestDatabase } from '@dayframe/test-kit';
import { injectFault } from './_load.ts';
import { startSystem } from './_system.ts';

// Distributed: identity, journals and goals are real processes on MariaDB and Redis. Deleting an
// account while journals is down still completes: the account.deleted event waits in journals'
// consumer group and is handled when journals returns.
describe('account deletion with the journals service down (distributed)', () => {
  let database: TestDatabase;
  let sys: Awaited<ReturnType<typeof startSystem>>;
  let conn: mysql.Connection;
  beforeAll(async () => {
    database = await createTestDatabase();
    sys = await startSystem({
      mariadbUrl: database.url.replace(/\/[^/]+$/, ''),
      // No sweep during the test: only the event may remove the rows here.
      env: { ORPHAN_SWEEP_FIRST_MS: '3600000' },
    });
    conn = await mysql.createConnection({ uri: database.url });
  }, 120_000);
  afterAll(async () => {
    await conn?.end();
    await sys?.stop();
    await database?.drop();
  });

  // Each table in its owner's database, read with the admin connection.
  const rowsOf = async (userId: string) => {
    const { names } = sys.system.databases;
    const counts = [];
    for (const table of [
      `${names.journals}.journals`,
      `${names.journals}.entries`,
      `${names.goals}.goals`,
    ]) {
      const [rows] = await conn.query(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`, [
        userId,
      ]);
      counts.push(Number((rows as { n: number }[])[0]!.n));
    }
    return counts;
  };

  it(
    'removes the journals once journals is back, and the goals at once',
    () =>
      injectFault('journals down during an account deletion', async (tally) => {
        const { token, user } = await sys.verifiedUser('Gone', 'gone@example.com');
        const stay = await sys.verifiedUser('Stay', 'stay@example.com');
        for (const who of [token, stay.token]) {
          const journal = await sys.api.call('POST', '/api/journals', {
            token: who,
            body: { title: 'J' },
          });
          expect(journal.status).toBe(201);
          expect(
            (
              await sys.api.call('POST', `/api/entry/${journal.body._id}`, {
                token: who,
                body: { content: 'c', date: '2026-05-01' },
              })
            ).status,
          ).toBe(201);
          expect(
            (
              await sys.api.call('POST', '/api/goals', {
                token: who,
                body: { title: 'G', description: 'd', dateDue: '2026-06-01' },
              })
            ).status,
          ).toBe(201);
        }
        expect(await rowsOf(user._id)).toEqual([1, 1, 1]);

        const headers = await confirmed(sys.api, { token });
        expect(await sys.system.processes.journals.stop()).toBe(0);
        const deleted = await sys.api.call('DELETE', '/api/user/delete', { token, headers });
        expect(deleted.status).toBe(200);
        tally.writesAcknowledged = 1;
        // Goals is up and handles the event; journals' rows wait for journals.
        await expect.poll(() => rowsOf(user._id), { timeout: 15_000 }).toEqual([1, 1, 0]);
        const [pending] = await conn.query(
          `SELECT COUNT(*) AS n FROM ${sys.system.databases.names.identity}.outbox WHERE delivered_at IS NULL`,
        );
        expect(Number((pending as { n: number }[])[0]!.n)).toBe(0); // published; journals' copy waits in Redis

        await sys.system.restart('journals');
        await expect.poll(() => rowsOf(user._id), { timeout: 15_000 }).toEqual([0, 0, 0]);
        expect(await rowsOf(stay.user._id)).toEqual([1, 1, 1]);
        expect(sys.allAlive()).toBe(true);
        tally.writesFound = 1; // the acknowledged deletion reached every service
        tally.requests = 8;
      }),
    90_000,
  );
});
