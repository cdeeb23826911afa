import type { Knex } from '@dayframe/service-kit/db';

/** The columns of an entry's tags, mood and star as the drivers return them. */
export type EntryMetaRow = {
  tags: string;
  mood: number | string | null;
  starred: number | boolean;
};

/** Tags are stored space-separated (a tag never holds a space), in their order. */
export function storedTags(tags: string): string[] {
  return tags ? tags.split(' ') : [];
}

/** The API's view of the columns: SQLite and MySQL answer booleans as 0/1. */
export function entryMetaOf(row: EntryMetaRow): {
  tags: string[];
  mood: number | null;
  starred: boolean;
} {
  return {
    tags: storedTags(row.tags),
    mood: row.mood === null ? null : Number(row.mood),
    starred: Boolean(Number(row.starred)),
  };
}

/** The stored tags of the one entry `query` (on `entries`) selects, or null when it selects none. */
export async function readEntryTags(query: Knex.QueryBuilder): Promise<string[] | null> {
  const row: { tags: string } | undefined = await query.select('tags').first();
  return row ? storedTags(row.tags) : null;
}

/**
 * Makes `entry_tags` hold exactly `tags` for the entry (which must exist, in this transaction),
 * copying its date and write order so a tag's entries page without reading `entries`.
 */
export async function writeEntryTags(
  trx: Knex,
  userId: string,
  entryId: string,
  tags: string[],
): Promise<void> {
  await trx('entry_tags').where({ entry_id: entryId }).delete();
  if (tags.length === 0) return;
  const entry: { seq: number | string; date: string } | undefined = await trx('entries')
    .select('seq', 'date')
    .where({ id: entryId, user_id: userId })
    .first();
  if (!entry) return;
  await trx('entry_tags').insert(
    tags.map((tag) => ({
      user_id: userId,
      tag,
      date: entry.date,
      entry_seq: Number(entry.seq),
      entry_id: entryId,
    })),
  );
}
