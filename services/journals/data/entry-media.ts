import { mediaReferencesIn, type JournalMediaItem } from '@dayframe/contracts';
import { batchesOf, type Knex } from '@dayframe/service-kit/db';

/**
 * The `entry_media` index (decision 0049): which files each entry's current text refers to. The
 * one place that computes it is `entryMediaRows`; every write of an entry's title or content
 * calls `writeEntryMedia` for it, in the same transaction, after the entry's row is written.
 */

type IndexedEntry = {
  id: string;
  user_id: string;
  journal_id: string;
  date: string;
  seq: number | string;
  title: string;
  content: string;
};

/** The index rows of one entry: each file its title and content name, once, in order. */
function entryMediaRows(entry: IndexedEntry) {
  return mediaReferencesIn(`${entry.title}\n${entry.content}`).map((reference, position) => ({
    user_id: entry.user_id,
    media_id: reference.id,
    journal_id: entry.journal_id,
    date: entry.date,
    entry_seq: Number(entry.seq),
    entry_id: entry.id,
    embedded: reference.embedded,
    position,
  }));
}

const INDEXED_COLUMNS = ['id', 'user_id', 'journal_id', 'date', 'seq', 'title', 'content'];

/**
 * Makes `entry_media` hold exactly the references of the user's entries `entryIds` as they are
 * stored now (read back, so it cannot disagree with what was written). An id with no entry
 * (deleted meanwhile) is left without rows.
 */
export async function writeEntryMedia(
  trx: Knex,
  userId: string,
  entryIds: readonly string[],
): Promise<void> {
  for (const batch of batchesOf(entryIds, 200)) {
    await trx('entry_media').where('user_id', userId).whereIn('entry_id', batch).delete();
    const entries: IndexedEntry[] = await trx('entries')
      .select(INDEXED_COLUMNS)
      .where('user_id', userId)
      .whereIn('id', batch);
    await insertRows(trx, entries.flatMap(entryMediaRows));
  }
}

/**
 * `writeEntryMedia` for entries an import has just inserted under new ids: only those whose
 * text names a file can have index rows, so only they are read back. (A 100,000-entry import
 * of plain text otherwise read every row back in 500 batches: 30 s on SQLite.)
 */
export function writeNewEntriesMedia(
  trx: Knex,
  userId: string,
  entries: readonly { id: string; title: string; content: string }[],
): Promise<void> {
  const naming = entries.filter(
    (entry) => mediaReferencesIn(`${entry.title}\n${entry.content}`).length > 0,
  );
  return writeEntryMedia(
    trx,
    userId,
    naming.map((entry) => entry.id),
  );
}

/** The rows of every entry written before the index existed (its migration), a page at a time. */
export async function rewriteAllEntryMedia(db: Knex): Promise<void> {
  let after = 0;
  for (;;) {
    const entries: IndexedEntry[] = await db('entries')
      .select(INDEXED_COLUMNS)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(500);
    if (entries.length === 0) return;
    await insertRows(db, entries.flatMap(entryMediaRows));
    after = Number(entries.at(-1)!.seq);
  }
}

async function insertRows(db: Knex, rows: ReturnType<typeof entryMediaRows>): Promise<void> {
  for (const chunk of batchesOf(rows, 100)) await db('entry_media').insert(chunk);
}

/** Those of `ids` that some entry of the user refers to now (on the key user_id, media_id). */
export async function referencedMediaIds(
  db: Knex,
  userId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows: { media_id: string }[] = await db('entry_media')
    .distinct('media_id')
    .where('user_id', userId)
    .whereIn('media_id', ids);
  return rows.map((row) => row.media_id);
}

/** Where a journal's Media view is: the last item shown's entry date, write order and position. */
export type JournalMediaPosition = { date: string; seq: number; position: number };

/**
 * Up to `limit` of the files a journal's entries embed, the newest entry date first (the later
 * written first within a day, then in the entry's order), after `after`: a keyset range on
 * `entry_media_by_journal`, with the entry's title.
 */
export async function findJournalMediaPage(
  db: Knex,
  userId: string,
  journalId: string,
  limit: number,
  after?: JournalMediaPosition,
): Promise<{ items: JournalMediaItem[]; last: JournalMediaPosition | null; more: boolean }> {
  const query = db('entry_media as m')
    .join('entries as e', 'e.id', 'm.entry_id')
    .select('m.media_id', 'm.date', 'm.entry_seq', 'm.position', 'm.entry_id', 'e.title')
    .where({ 'm.journal_id': journalId, 'm.user_id': userId, 'm.embedded': true });
  if (after)
    query.andWhere((older) =>
      older
        .where('m.date', '<', after.date)
        .orWhere((sameDay) =>
          sameDay
            .where('m.date', after.date)
            .andWhere((inDay) =>
              inDay
                .where('m.entry_seq', '<', after.seq)
                .orWhere((sameEntry) =>
                  sameEntry
                    .where('m.entry_seq', after.seq)
                    .andWhere('m.position', '>', after.position),
                ),
            ),
        ),
    );
  const rows: {
    media_id: string;
    date: string;
    entry_seq: number | string;
    position: number | string;
    entry_id: string;
    title: string;
  }[] = await query
    .orderBy([
      { column: 'm.date', order: 'desc' },
      { column: 'm.entry_seq', order: 'desc' },
      { column: 'm.position', order: 'asc' },
    ])
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const lastRow = shown.at(-1);
  return {
    items: shown.map((row) => ({
      mediaId: row.media_id,
      date: row.date,
      entryId: row.entry_id,
      title: row.title,
    })),
    last: lastRow
      ? { date: lastRow.date, seq: Number(lastRow.entry_seq), position: Number(lastRow.position) }
      : null,
    more: rows.length > limit,
  };
}

/**
 * The column `photo`: the first file the entry `e` embeds (one seek on `entry_media_by_entry`),
 * or null. A subquery of the list's own read, so a list costs no query more for its photos.
 */
export function firstPhotoColumn(db: Knex): Knex.QueryBuilder {
  return db('entry_media as em')
    .select('em.media_id')
    .whereRaw('em.entry_id = e.id')
    .andWhere('em.embedded', true)
    .orderBy('em.position')
    .limit(1)
    .as('photo');
}
