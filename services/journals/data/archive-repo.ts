import { countUserRows, insertInChunks, ownRowIds, type Knex } from '@dayframe/service-kit/db';
import type { ExportedEntry, JournalsExport } from '@dayframe/contracts';

type JournalRow = { id: string; title: string; description: string; created_at: string };
type EntryRow = { seq: number; id: string; title: string; content: string; date: string };

/** Every journal of the user, oldest first, without entries (a journal count is bounded by quota). */
export async function journalsOf(db: Knex, userId: string): Promise<JournalsExport['journals']> {
  const rows: JournalRow[] = await db('journals')
    .select('id', 'title', 'description', 'created_at')
    .where({ user_id: userId })
    .orderBy('seq');
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    createdAt: row.created_at,
  }));
}

/** Where a page of entries stops: the last entry's date and insertion order. */
export type EntryCursor = { date: string; seq: number };

/**
 * One page of a journal's entries (the user's own only), by date then as written, after
 * `cursor`: a keyset walk along `entries_by_journal_date`, so each page costs the same however
 * far into ten years of entries it is. `from`/`to` limit the dates.
 */
export async function entriesPage(
  db: Knex,
  userId: string,
  page: { journalId: string; from?: string; to?: string; after?: EntryCursor; limit: number },
): Promise<{ entries: ExportedEntry[]; last?: EntryCursor }> {
  const query = db('entries')
    .select('seq', 'id', 'title', 'content', 'date')
    .where({ journal_id: page.journalId, user_id: userId });
  if (page.from) query.andWhere('date', '>=', page.from);
  if (page.to) query.andWhere('date', '<=', page.to);
  const after = page.after;
  if (after)
    query.andWhere((later) =>
      later
        .where('date', '>', after.date)
        .orWhere((sameDay) => sameDay.where('date', after.date).andWhere('seq', '>', after.seq)),
    );
  const rows: EntryRow[] = await query
    .orderBy([
      { column: 'date', order: 'asc' },
      { column: 'seq', order: 'asc' },
    ])
    .limit(page.limit);
  const last = rows.at(-1);
  return {
    entries: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      content: row.content,
      date: row.date,
    })),
    last: last && { date: last.date, seq: Number(last.seq) },
  };
}

/** What an import compares journals against: the user's journals (bounded by quota). */
export function journalsForImport(
  trx: Knex,
  userId: string,
): Promise<{ id: string; title: string }[]> {
  return trx('journals').select('id', 'title').where({ user_id: userId }).orderBy('seq');
}

/** How many entries the user has (for the quota). */
export function entryCount(trx: Knex, userId: string): Promise<number> {
  return countUserRows(trx, 'entries', userId);
}

/** Which of `ids` are already the user's entries (an index lookup on `entries_id_unique`). */
export function ownEntryIds(trx: Knex, userId: string, ids: string[]): Promise<Set<string>> {
  return ownRowIds(trx, 'entries', userId, ids);
}

/**
 * The entries a journal already has on `dates` (an index lookup on `entries_by_journal_date`):
 * what a batch of imported entries could duplicate, without reading the rest of the account.
 */
export function entriesOnDates(
  trx: Knex,
  userId: string,
  journalId: string,
  dates: string[],
): Promise<{ title: string; content: string; date: string }[]> {
  if (!dates.length) return Promise.resolve([]);
  return trx('entries')
    .select('title', 'content', 'date')
    .where({ journal_id: journalId, user_id: userId })
    .whereIn('date', dates);
}

export type NewJournalRow = {
  id: string;
  user_id: string;
  title: string;
  description: string;
  created_at: string;
};
export type NewEntryRow = {
  id: string;
  journal_id: string;
  user_id: string;
  title: string;
  content: string;
  date: string;
  created_at: string;
};

/** Inserts in order, the journals before the entries that name them. */
export async function insertImported(
  trx: Knex,
  rows: { journals: NewJournalRow[]; entries: NewEntryRow[] },
): Promise<void> {
  await insertInChunks(trx, 'journals', rows.journals, 200);
  await insertInChunks(trx, 'entries', rows.entries, 100);
}
