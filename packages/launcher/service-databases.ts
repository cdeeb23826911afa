// Each service that keeps data owns a MySQL database and a user with rights on it alone
// (docs/decisions, "per-service databases and users"). The distributed launcher creates them
// with this, from an admin URL; docker compose does the same with deploy/mysql/init-databases.sh.
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { SERVICES } from '@dayframe/catalog';

/** The services whose catalog row says they own a database. */
export type DataOwner = Extract<(typeof SERVICES)[number], { ownsDatabase: true }>['name'];
export const DATA_OWNERS: readonly DataOwner[] = SERVICES.filter(
  (row): row is Extract<(typeof SERVICES)[number], { ownsDatabase: true }> => row.ownsDatabase,
).map((row) => row.name);
const USER_HOSTS = ['%', 'localhost'];

export type ServiceDatabases = {
  /** Each owner's `DATABASE_URL`: its own user, password and database. */
  urls: Record<DataOwner, string>;
  /** Database and user name of each owner (the same name). */
  names: Record<DataOwner, string>;
  /** Drops the databases and users (tests; a launcher keeps them). */
  drop(): Promise<void>;
};

/**
 * Creates `<prefix>_<service>` for each data owner (identity, journals, goals), each with a user of the
 * same name that may do anything in that database and nothing elsewhere. Idempotent: an
 * existing database is kept (its data survives a relaunch); each user gets a new random
 * password every time, so no password needs storing.
 */
export async function provisionServiceDatabases(
  adminUrl: string,
  prefix = 'dayframe',
): Promise<ServiceDatabases> {
  if (!/^[a-z][a-z0-9_]{0,19}$/.test(prefix)) {
    throw new Error('the database prefix must be 1-20 lowercase letters, digits or _');
  }
  const admin = new URL(adminUrl);
  const names = Object.fromEntries(DATA_OWNERS.map((o) => [o, `${prefix}_${o}`])) as Record<
    DataOwner,
    string
  >;
  const urls = {} as Record<DataOwner, string>;
  const conn = await mysql.createConnection({ uri: adminUrl });
  try {
    for (const owner of DATA_OWNERS) {
      const name = names[owner];
      const password = randomBytes(24).toString('base64url');
      await conn.query(
        `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
      // 'localhost' too: a server with anonymous ''@'localhost' would match that before '%'.
      for (const host of USER_HOSTS) {
        await conn.query('CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', [name, host, password]);
        await conn.query('ALTER USER ?@? IDENTIFIED BY ?', [name, host, password]);
        await conn.query(`GRANT ALL PRIVILEGES ON \`${name}\`.* TO ?@?`, [name, host]);
      }
      const url = new URL(`mysql://${admin.host}/${name}`);
      url.username = name;
      url.password = password;
      urls[owner] = url.toString();
    }
  } finally {
    await conn.end();
  }
  return {
    urls,
    names,
    async drop() {
      const c = await mysql.createConnection({ uri: adminUrl });
      try {
        for (const name of Object.values(names)) {
          await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
          for (const host of USER_HOSTS) await c.query('DROP USER IF EXISTS ?@?', [name, host]);
        }
      } finally {
        await c.end();
      }
    },
  };
}
