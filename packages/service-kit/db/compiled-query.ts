import type { Knex } from 'knex';
import { isMysql } from './database.ts';

type Params = Record<string, Knex.Value>;
type Compiled = { sql: string; order: string[]; mysql: boolean };

const PARAM = '\u0000param:';

/**
 * A hot read built with knex once per database and then run as its SQL text: knex's builder
 * and compiler cost more than the read itself for a small query. `build` receives `param(name)`
 * to put where a value goes; the returned function takes those values by name, so their order
 * in the SQL is never the caller's business. The same text also lets SQLite reuse its prepared
 * statement (see `reusePreparedStatements`).
 *
 * @example
 * const journalsOf = compiledQuery<Row, { userId: string }>((db, param) =>
 *   db('journals').where('user_id', param('userId')),
 * );
 * const rows = await journalsOf(db, { userId });
 */
export function compiledQuery<Row, P extends Params>(
  build: (db: Knex, param: (name: keyof P & string) => string) => Knex.QueryBuilder,
): (db: Knex, params: P) => Promise<Row[]> {
  const byDatabase = new WeakMap<Knex, Compiled>();
  const compile = (db: Knex): Compiled => {
    // Each parameter goes in as a marker value and is found again among knex's bindings.
    const { sql, bindings } = build(db, (name) => `${PARAM}${name}`).toSQL();
    const order = bindings.map((value) => {
      if (typeof value !== 'string' || !value.startsWith(PARAM))
        throw new Error('compiledQuery: every value in the query must come from param()');
      return value.slice(PARAM.length);
    });
    const compiled = { sql, order, mysql: isMysql(db) };
    byDatabase.set(db, compiled);
    return compiled;
  };
  return async (db, params) => {
    const { sql, order, mysql } = byDatabase.get(db) ?? compile(db);
    const result: unknown = await db.raw(
      sql,
      order.map((name) => params[name]!),
    );
    // mysql2 answers [rows, fields]; better-sqlite3 the rows.
    return (mysql ? (result as [Row[]])[0] : result) as Row[];
  };
}
