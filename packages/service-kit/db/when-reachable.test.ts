import { connect, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, SHARED_MARIADB } from '@dayframe/test-kit';
import { createDatabase, type Knex } from './database.ts';
import { whenDatabaseReachable } from './when-reachable.ts';

// A service starting before (or much faster than) its database: real knex, real refusals, and
// the real MariaDB behind a TCP relay that opens only once the service has been refused twice.

const mariadb = new URL(SHARED_MARIADB);
const opened: { db?: Knex; relay?: Server } = {};
afterEach(async () => {
  await opened.db?.destroy();
  await new Promise((r) => (opened.relay ? opened.relay.close(r) : r(null)));
  opened.db = opened.relay = undefined;
});

/** Forwards `port` to the shared MariaDB from now on. */
function openRelay(port: number): Promise<Server> {
  const relay = createServer((client) => {
    const server = connect(Number(mariadb.port || 3306), mariadb.hostname);
    client.pipe(server).pipe(client);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
  });
  return new Promise((resolve) => relay.listen(port, '127.0.0.1', () => resolve(relay)));
}

function databaseOn(port: number): Knex {
  opened.db = createDatabase({ url: `mysql://root@127.0.0.1:${port}`, dataDir: '' });
  return opened.db;
}

describe('whenDatabaseReachable', () => {
  it('waits for a database that comes up after the service, saying only the error code', async () => {
    const port = await freePort();
    const db = databaseOn(port);
    const warnings: { details: object; message: string }[] = [];
    const log = { warn: (details: object, message: string) => warnings.push({ details, message }) };
    const pause = async (ms: number) => {
      expect(ms).toBeLessThanOrEqual(2_000);
      if (warnings.length === 2) opened.relay = await openRelay(port);
    };
    const rows = await whenDatabaseReachable(() => db.raw('SELECT 41 + 1 AS answer'), {
      log,
      pause,
    });
    expect(rows[0][0].answer).toBe(42);
    expect(warnings).toEqual([
      { details: { attempt: 1, code: 'ECONNREFUSED' }, message: expect.any(String) },
      { details: { attempt: 2, code: 'ECONNREFUSED' }, message: expect.any(String) },
    ]);
    expect(JSON.stringify(warnings)).not.toContain(String(port));
  });

  it('lets an error that is not about reaching the database stand at once', async () => {
    const port = await freePort();
    opened.relay = await openRelay(port);
    const db = databaseOn(port);
    const warnings: object[] = [];
    const failed = await whenDatabaseReachable(() => db.raw('SELECT * FROM no_such_db.t'), {
      log: { warn: (details) => warnings.push(details) },
    }).catch((error: { code?: string }) => error);
    expect(failed).toMatchObject({ code: 'ER_NO_SUCH_TABLE' });
    expect(warnings).toEqual([]);
  });

  it('gives up past its wait with the last error', async () => {
    const db = databaseOn(await freePort());
    let tries = 0;
    const failed = await whenDatabaseReachable(
      () => {
        tries += 1;
        return db.raw('SELECT 1');
      },
      { log: { warn() {} }, withinMs: 300, pause: (ms) => new Promise((r) => setTimeout(r, ms)) },
    ).catch((error: { code?: string }) => error);
    expect(failed).toMatchObject({ code: 'ECONNREFUSED' });
    expect(tries).toBeGreaterThanOrEqual(2);
  });
});
