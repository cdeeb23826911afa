import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { isMysql } from './database.ts';
import { batchesOf } from './batches.ts';

/**
 * What makes two rows the same content for an import: the SHA-256, as 64 lowercase hex
 * characters, of `parts` joined by NUL (a character no title, text or date holds).
 */
export function contentHash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}

/**
 * The column type of a contentHash: 64 fixed ASCII characters (MySQL: 64 bytes in an index, not
 * utf8mb4's 256, and compared byte for byte).
 */
export function contentHashType(db: Knex): string {
  return isMysql(db) ? 'char(64) character set ascii collate ascii_bin' : 'char(64)';
}

/**
 * Fills `column` of every row of `table` with the contentHash of `of` (columns, in order), for
 * a migration: one UPDATE on MySQL (`SHA2` of the same NUL-joined UTF-8 bytes), pages of rows
 * by `seq` on SQLite (which has no SHA-256 of its own).
 */
export async function backfillContentHash(
  db: Knex,
  table: string,
  column: string,
  of: string[],
): Promise<void> {
  if (isMysql(db)) {
    const joined = `CONCAT_WS(CHAR(0), ${of.map((name) => `\`${name}\``).join(', ')})`;
    await db.raw(`UPDATE \`${table}\` SET \`${column}\` = SHA2(${joined}, 256)`);
    return;
  }
  for (let after = 0; ;) {
    const rows: Record<string, string | number>[] = await db(table)
      .select('seq', ...of)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(1000);
    if (!rows.length) return;
    for (const row of rows)
      await db(table)
        .where('seq', row.seq)
        .update({ [column]: contentHash(...of.map((name) => String(row[name]))) });
    after = Number(rows.at(-1)!.seq);
  }
}

/**
 * Inserts in order, in chunks of `size`, leaving out each row a unique index on `unique`
 * already holds (written before, or by another transaction at the same moment: MySQL waits for
 * that one to end). How many went in is for the caller to count (e.g. by an import id): the
 * drivers do not report it alike.
 */
export async function insertNewInChunks(
  db: Knex,
  table: string,
  rows: readonly object[],
  size: number,
  unique: string[],
): Promise<void> {
  for (const chunk of batchesOf(rows, size))
    await db(table).insert(chunk).onConflict(unique).ignore();
}
