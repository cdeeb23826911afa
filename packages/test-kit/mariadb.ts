import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';

/** The shared MariaDB every session and CI has; tests only ever create and drop their own databases on it. */
export const SHARED_MARIADB = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

/** A fresh, empty database with a unique name, dropped by `drop()`. */
export async function createTestDatabase(server = SHARED_MARIADB): Promise<TestDatabase> {
  const name = `dayframe_test_${randomBytes(6).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: server });
  try {
    await admin.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await admin.end();
  }
  return {
    name,
    url: `${server.replace(/\/$/, '')}/${name}`,
    async drop() {
      const conn = await mysql.createConnection({ uri: server });
      try {
        await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await conn.end();
      }
    },
  };
}
