import { isMysql, type Knex } from '@dayframe/service-kit/db';

/** An entry's UTF-8 bytes of title and content on MySQL/MariaDB (utf8mb4): the `entry_bytes` column. */
export const ENTRY_BYTES_MYSQL = 'LENGTH(title) + LENGTH(content)';

/** The same on SQLite, written exactly as its `entries_by_user_bytes` index is, so a sum is covered. */
export const ENTRY_BYTES_SQLITE = 'length(CAST(title AS BLOB)) + length(CAST(content AS BLOB))';

/** The SQL of an entry's bytes on this database (a column on MySQL, the indexed expression on SQLite). */
export function entryBytesSql(db: Knex): string {
  return isMysql(db) ? 'entry_bytes' : ENTRY_BYTES_SQLITE;
}

/**
 * The bytes of entry text the user keeps (the byte quota): a sum over the (user_id, bytes) index
 * alone, never reading any content.
 */
export async function entryBytesOf(db: Knex, userId: string): Promise<number> {
  const [row] = (await db('entries')
    .select(db.raw(`COALESCE(SUM(${entryBytesSql(db)}), 0) as n`))
    .where('user_id', userId)) as { n: number | string }[];
  return Number(row?.n ?? 0);
}
