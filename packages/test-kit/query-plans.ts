import { isMysql, type Knex } from '@dayframe/service-kit/db';

/** One read and how the database means to run it. */
export type QueryPlan = {
  sql: string;
  /** One line: `table: type=… key=…` per table on MariaDB, the plan's steps on SQLite. */
  plan: string;
  /** Some table is read whole, with no index: `type=ALL` on MariaDB, a bare `SCAN t` on SQLite. */
  fullScan: boolean;
};

/**
 * EXPLAIN (MariaDB) or EXPLAIN QUERY PLAN (SQLite) of a query with its bindings. An index
 * scan (`type=index`, `SCAN t USING INDEX i`) and a full-text or virtual table's own index are
 * index use; reading the table row by row is not.
 */
export async function explainQuery(
  db: Knex,
  sql: string,
  bindings: readonly unknown[],
): Promise<QueryPlan> {
  if (isMysql(db)) {
    const [rows] = (await db.raw(`EXPLAIN ${sql}`, bindings as Knex.RawBinding[])) as [
      Record<string, unknown>[],
    ];
    return {
      sql,
      plan: rows
        .map((r) =>
          `${String(r.table)}: type=${String(r.type)} key=${String(r.key ?? 'NONE')} rows=${String(r.rows)} ${String(r.Extra ?? '')}`.trim(),
        )
        .join(' | '),
      // As on SQLite below: `<subqueryN>` and `<derivedN>` are a subquery's own result (a
      // semi-join materialized), whose tables have their own rows in the plan.
      fullScan: rows.some(
        (r) => r.type === 'ALL' && !/^<(subquery|derived)\d+>$/.test(String(r.table)),
      ),
    };
  }
  const rows = (await db.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings as Knex.RawBinding[])) as {
    detail: string;
  }[];
  return {
    sql,
    plan: rows.map((r) => r.detail).join(' | '),
    // `SCAN t` or `SCAN t AS alias` alone. `SCAN (subquery-1)` reads a subquery's own result
    // (its tables have their own lines) and `SCAN CONSTANT ROW` no table at all.
    fullScan: rows.some(
      (r) => /^SCAN [^(\s]\S*( AS \S+)?$/.test(r.detail) && r.detail !== 'SCAN CONSTANT ROW',
    ),
  };
}

/**
 * Records every distinct SELECT the app sends through `db` while `work` runs, then explains each
 * with the bindings it was first sent with: the plans of the reads as the services issue them.
 */
export async function plansOf(db: Knex, work: () => Promise<unknown>): Promise<QueryPlan[]> {
  const seen = new Map<string, readonly unknown[]>();
  const capture = (query: { sql: string; bindings?: readonly unknown[] }) => {
    if (/^\s*select/i.test(query.sql) && !seen.has(query.sql))
      seen.set(query.sql, query.bindings ?? []);
  };
  db.on('query', capture);
  try {
    await work();
  } finally {
    db.removeListener('query', capture);
  }
  const plans: QueryPlan[] = [];
  for (const [sql, bindings] of seen) plans.push(await explainQuery(db, sql, bindings));
  return plans;
}
