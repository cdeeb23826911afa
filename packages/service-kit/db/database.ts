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
      // A failed query's message keeps its `?` placeholders: values (hashes, e-mails, text)
      // never ride an error into a log.
      compileSqlOnError: false,
    });
  }
  mkdirSync(options.dataDir, { recursive: true });
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: join(options.dataDir, 'dayframe.sqlite') },
    useNullAsDefault: true,
    compileSqlOnError: false,
    pool: {
      min: 1,
      max: 1,
      afterCreate(connection: SqliteConnection, done: (err: Error | null, c: unknown) => void) {
        reusePreparedStatements(connection);
        connection.pragma('journal_mode = WAL');
        connection.pragma('foreign_keys = ON');
        connection.pragma('busy_timeout = 5000');
        connection.pragma('synchronous = NORMAL');
        done(null, connection);
      },
    },
  });
}

type SqliteConnection = { pragma(sql: string): unknown; prepare(sql: string): unknown };

/** Distinct SQL texts kept prepared per connection (the app's queries are a few hundred). */
const PREPARED_STATEMENTS_KEPT = 500;

/**
 * knex prepares every query's SQL anew; preparing (parsing and planning) was a large part of a
 * small read. The same text gets the same better-sqlite3 statement back instead: knex runs a
 * statement to completion (`all` or `run`) before the next, and SQLite re-plans a kept statement
 * by itself after a schema change. The least recently used text goes when full.
 */
function reusePreparedStatements(connection: SqliteConnection) {
  const prepare = connection.prepare.bind(connection);
  const kept = new Map<string, unknown>();
  connection.prepare = (sql: string) => {
    let statement = kept.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (kept.size >= PREPARED_STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
    } else kept.delete(sql);
    kept.set(sql, statement);
    return statement;
  };
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
  const latest = () =>
    db.migrate.latest({
      migrationSource: source,
      tableName: `knex_migrations_${service}`,
      // MySQL DDL is not transactional anyway; one transaction per migration keeps SQLite tidy.
      disableTransactions: isMysql(db),
    });
  await (isMysql(db) ? withMysqlLock(db, `dayframe_migrate_${service}`, latest) : latest());
}

/** How long a replica waits for another one's migrations before it gives up (and restarts). */
const MIGRATION_LOCK_WAIT_SECONDS = 120;

/**
 * Runs `work` while this process holds MySQL's named lock `name` (`GET_LOCK`) on a connection
 * of its own. Replicas starting together on a fresh database queue here: knex's lock table
 * alone lets two of them create its bookkeeping tables at once, and makes a replica that finds
 * the lock taken fail instead of waiting. The lock goes with its connection, so a process that
 * dies mid-migration frees it.
 */
async function withMysqlLock<T>(db: Knex, name: string, work: () => Promise<T>): Promise<T> {
  const connection: unknown = await db.client.acquireConnection();
  try {
    const [rows] = (await db
      .raw('select get_lock(?, ?) as acquired', [name, MIGRATION_LOCK_WAIT_SECONDS])
      .connection(connection)) as [{ acquired: number | null }[]];
    if (rows[0]?.acquired !== 1) {
      throw new Error(`another process held the migration lock ${name} for too long`);
    }
    try {
      return await work();
    } finally {
      await db.raw('select release_lock(?)', [name]).connection(connection);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** A cheap round trip for readiness checks. */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('select 1');
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
