import type { Knex } from 'knex';

/** `items` in consecutive slices of at most `size`, for lookups and writes bounded per query. */
export function* batchesOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Inserts in order, in chunks of `size` rows: small enough for either database's parameter limit. */
export async function insertInChunks(
  db: Knex,
  table: string,
  rows: readonly object[],
  size: number,
): Promise<void> {
  for (const chunk of batchesOf(rows, size)) await db(table).insert(chunk);
}
