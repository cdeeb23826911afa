import type { Knex } from 'knex';

/** How many rows of `table` the user has (for a quota). */
export async function countUserRows(db: Knex, table: string, userId: string): Promise<number> {
  const [row] = await db(table).where({ user_id: userId }).count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** Which of `ids` are already the user's rows in `table` (an index lookup on its unique id). */
export async function ownRowIds(
  db: Knex,
  table: string,
  userId: string,
  ids: string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows: { id: string }[] = await db(table)
    .select('id')
    .whereIn('id', ids)
    .andWhere({ user_id: userId });
  return new Set(rows.map((row) => row.id));
}
