import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';

export type { Knex };

/**
 * A knex instance for `DATABASE_URL` (MySQL/MariaDB) or, when unset, for a SQLite file in
 * `DATA_DIR`. Dates come back as the `YYYY-MM-DD` strings they were stored as, never as
 * `Date` objects shifted by the process's time zone.
 */
export function createDatabase(options: {
  url?: string;
  dataDir: string;
  pool?: { min: number; max: number };
}): Knex {
  if (options.url) {
    return knexFactory({
      client: 'mysql2',
      connection: {
        uri: options.url,
        dateStrings: ['DATE'],
        timezone: 'Z',
        supportBigNumbers: true,
        // A dead server must fail a request fast, not hang it.
        connectTimeout: 2_000,
        enableKeepAlive: true,
      } as unknown as Knex.MySql2ConnectionConfig,
      pool: { min: 0, max: 10, ...options.pool, idleTimeoutMillis: 30_000 },
      acquireConnectionTimeout: 3_000,
    });
  }
  mkdirSync(options.dataDir, { recursive: true });
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: join(options.dataDir, 'dayframe.sqlite') },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(
        connection: { pragma(sql: string): unknown },
        done: (err: Error | null, c: unknown) => void,
      ) {
        connection.pragma('journal_mode = WAL');
        connection.pragma('foreign_keys = ON');
        connection.pragma('busy_timeout = 5000');
        connection.pragma('synchronous = NORMAL');
        done(null, connection);
      },
    },
  });
}

export function isMysql(db: Knex): boolean {
  return db.client.config.client === 'mysql2';
}

export type Migration = {
  name: string;
  up(db: Knex): Promise<void>;
  down?(db: Knex): Promise<void>;
};

/**
 * Applies a service's own migrations, kept in its own bookkeeping table so that services
 * sharing one database (the embedded SQLite file) never see each other's history.
 */
export async function migrate(db: Knex, service: string, migrations: Migration[]): Promise<void> {
  const source: Knex.MigrationSource<Migration> = {
    getMigrations: async () => migrations,
    getMigrationName: (migration) => migration.name,
    getMigration: async (migration) => ({
      up: (knex: Knex) => migration.up(knex),
      down: (knex: Knex) => (migration.down ? migration.down(knex) : Promise.resolve()),
    }),
  };
  await db.migrate.latest({
    migrationSource: source,
    tableName: `knex_migrations_${service}`,
    // MySQL DDL is not transactional anyway; one transaction per migration keeps SQLite tidy.
    disableTransactions: isMysql(db),
  });
}

/** A cheap round trip for readiness checks. */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('select 1');
}

/** True when the error means the database could not be reached (mapped to 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; name?: string; message?: string } | null;
  if (!e) return false;
  const codes = [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'PROTOCOL_CONNECTION_LOST',
    'PROTOCOL_SEQUENCE_TIMEOUT',
    'ER_CON_COUNT_ERROR',
    'SQLITE_BUSY',
    'ER_LOCK_WAIT_TIMEOUT',
    'ER_SERVER_SHUTDOWN',
  ];
  if (e.code && codes.includes(e.code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  return /connection.*(closed|lost|refused)|Can't add new command when connection is in closed state/i.test(
    e.message ?? '',
  );
}

/** True for a duplicate-key violation in either database. */
export function isDuplicateKey(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return (
    e?.code === 'ER_DUP_ENTRY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
