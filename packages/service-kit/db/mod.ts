/**
 * The database: a knex instance from `DATABASE_URL` (MySQL) or SQLite in `DATA_DIR`, migrations,
 * readiness, queries compiled once, how a database that is down or a duplicate key is
 * recognised, and the per-user counts, id lookups, chunked writes and capped day windows a repository shares;
 * content hashes, insert-or-ignore and deadlock retries for writes through unique keys (imports);
 * and a start that waits for a database not reachable yet.
 *
 * @example
 * import { createDatabase, migrate, pingDatabase } from '@dayframe/service-kit/db';
 * const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
 * await migrate(db, 'goals', migrations);
 */
export * from './database.ts';
export * from './compiled-query.ts';
export * from './database-errors.ts';
export * from './batches.ts';
export * from './user-rows.ts';
export * from './capped-days.ts';
export * from './content-hash.ts';
export * from './deadlocks.ts';
export * from './when-reachable.ts';
