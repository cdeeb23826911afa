import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_MARIADB } from '@dayframe/test-kit';
import {
  DATA_OWNERS,
  provisionServiceDatabases,
  type ServiceDatabases,
} from './service-databases.ts';

// The databases `npm run start:distributed` creates, on the shared MariaDB: each service's user
// reaches its own database and nothing else.
describe('per-service databases and users', () => {
  let dbs: ServiceDatabases;
  beforeAll(async () => {
    dbs = await provisionServiceDatabases(SHARED_MARIADB, `dft_${randomBytes(4).toString('hex')}`);
  });
  afterAll(async () => {
    await dbs?.drop();
  });

  const as = (owner: (typeof DATA_OWNERS)[number]) =>
    mysql.createConnection({ uri: dbs.urls[owner] });

  it('gives each service a database of its own that it can use fully', async () => {
    // One database per service that owns data (the catalog's DATA_OWNERS), none shared.
    expect(new Set(Object.values(dbs.urls)).size).toBe(DATA_OWNERS.length);
    for (const owner of DATA_OWNERS) {
      const url = new URL(dbs.urls[owner]);
      expect(url.username).toBe(dbs.names[owner]);
      expect(url.password.length).toBeGreaterThanOrEqual(24);
      const conn = await as(owner);
      try {
        await conn.query('CREATE TABLE probe (id INT PRIMARY KEY, note VARCHAR(20))');
        await conn.query('INSERT INTO probe VALUES (1, ?)', [owner]);
        const [rows] = await conn.query('SELECT note FROM probe');
        expect(rows).toEqual([{ note: owner }]);
        const [databases] = await conn.query('SHOW DATABASES');
        expect((databases as { Database: string }[]).map((d) => d.Database).sort()).toEqual(
          ['information_schema', dbs.names[owner]].sort(),
        );
      } finally {
        await conn.end();
      }
    }
  });

  it("refuses a service's user every read or write in another service's database", async () => {
    const conn = await as('journals');
    try {
      for (const sql of [
        `SELECT * FROM \`${dbs.names.identity}\`.probe`,
        `INSERT INTO \`${dbs.names.goals}\`.probe VALUES (2, 'x')`,
        `DROP TABLE \`${dbs.names.identity}\`.probe`,
        `CREATE TABLE \`${dbs.names.goals}\`.stolen (id INT)`,
        `USE \`${dbs.names.identity}\``,
      ]) {
        await expect(conn.query(sql), sql).rejects.toMatchObject({
          code: expect.stringMatching(/^ER_(TABLEACCESS|DBACCESS)_DENIED/),
        });
      }
    } finally {
      await conn.end();
    }
    // Nothing changed in the others' databases.
    const identity = await as('identity');
    try {
      const [rows] = await identity.query('SELECT note FROM probe');
      expect(rows).toEqual([{ note: 'identity' }]);
    } finally {
      await identity.end();
    }
  });

  it('keeps the data and changes the passwords when provisioned again', async () => {
    const again = await provisionServiceDatabases(
      SHARED_MARIADB,
      dbs.names.identity.replace(/_identity$/, ''),
    );
    expect(again.urls.identity).not.toBe(dbs.urls.identity);
    await expect(as('identity')).rejects.toMatchObject({ code: 'ER_ACCESS_DENIED_ERROR' });
    dbs = again;
    const conn = await as('identity');
    try {
      const [rows] = await conn.query('SELECT note FROM probe');
      expect(rows).toEqual([{ note: 'identity' }]);
    } finally {
      await conn.end();
    }
  });
});
