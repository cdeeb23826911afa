import { createDatabase, type Knex } from '@dayframe/service-kit/db';
import { createTestDatabase } from './mariadb.ts';
import { tempDataDir } from './files.ts';

/** The two databases every service runs on: MariaDB (distributed) and SQLite (embedded). */
export const DATABASE_KINDS = ['mariadb', 'sqlite'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/**
 * A fresh, empty database of either kind for one test file, with the settings the services
 * use in production. `env` is what a spawned service process needs to open the same one.
 */
export type OpenTestDatabase = {
  kind: DatabaseKind;
  db: Knex;
  env: { DATABASE_URL?: string; DATA_DIR: string };
  close(): Promise<void>;
};

export async function openTestDatabase(kind: DatabaseKind): Promise<OpenTestDatabase> {
  const data = tempDataDir();
  if (kind === 'sqlite') {
    const db = createDatabase({ dataDir: data.dir });
    return {
      kind,
      db,
      env: { DATA_DIR: data.dir },
      async close() {
        await db.destroy();
        data.remove();
      },
    };
  }
  const maria = await createTestDatabase();
  const db = createDatabase({ url: maria.url, dataDir: data.dir });
  return {
    kind,
    db,
    env: { DATABASE_URL: maria.url, DATA_DIR: data.dir },
    async close() {
      await db.destroy();
      await maria.drop();
      data.remove();
    },
  };
}
