/**
 * The database: a knex instance from `DATABASE_URL` (MySQL) or SQLite in `DATA_DIR`, migrations,
 * readiness, queries compiled once, and how a database that is down or a duplicate key is
 * recognised.
 *
 * @example
 * import { createDatabase, migrate, pingDatabase } from '@dayframe/service-kit/db';
 * const db = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
 * await migrate(db, 'goals', migrations);
 */
export * from './database.ts';
export * from './compiled-query.ts';
export * from './database-errors.ts';
