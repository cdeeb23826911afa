import {
  batchesOf,
  countUserRows,
  insertNewInChunks,
  isMysql,
  ownRowIds,
  type Knex,
} from '@dayframe/service-kit/db';
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

/** A stored or imported entry as an import compares it: its date and content hash. */
export type EntryKey = { date: string; hash: string };
export const keyText = (key: EntryKey) => `${key.date}|${key.hash}`;

/**
 * Which of `keys` a journal already holds (written by hand or imported), as `keyText`s: one
 * query on the (journal_id, date, content_hash) prefix of `entries_import_key` that reads the
 * index entries of those keys only, never the other rows of the same dates. The journal is
 * one of the caller's (resolved from their journals), so the index alone answers.
 */
export async function storedEntryKeys(
  trx: Knex,
  journalId: string,
  keys: EntryKey[],
): Promise<Set<string>> {
  const byDate = new Map<string, string[]>();
  for (const key of keys) byDate.set(key.date, [...(byDate.get(key.date) ?? []), key.hash]);
  if (!byDate.size) return new Set();
  const rows: { date: string; content_hash: string }[] = await trx('entries')
    .select('date', 'content_hash')
    .where('journal_id', journalId)
    .andWhere((any) => {
      for (const [date, hashes] of byDate)
        any.orWhere((day) => day.where('date', date).whereIn('content_hash', hashes));
    });
  return new Set(rows.map((row) => keyText({ date: row.date, hash: row.content_hash })));
}

export type NewJournalRow = {
  id: string;
  user_id: string;
  title: string;
  description: string;
  created_at: string;
  /** The hash of its title: one imported journal per title and user (`journals_import_key`). */
  import_key: string;
  import_id: string;
};
export type NewEntryRow = {
  id: string;
  journal_id: string;
  user_id: string;
  title: string;
  content: string;
  content_hash: string;
  date: string;
  created_at: string;
  imported: true;
  import_id: string;
};

/**
 * Adds the journals an import makes, leaving out one another import of the same title made
 * first (at the same moment, say), and answers each title's journal by its `import_key`:
 * `importId` is the caller's when it made it. MySQL reads them with a locking read, which sees
 * the other import's row once committed where the transaction's snapshot would not.
 */
export async function insertImportedJournals(
  trx: Knex,
  userId: string,
  rows: NewJournalRow[],
): Promise<Map<string, { id: string; importId: string | null }>> {
  await insertNewInChunks(trx, 'journals', rows, 200, ['user_id', 'import_key']);
  const found = new Map<string, { id: string; importId: string | null }>();
  for (const batch of batchesOf(rows, 500)) {
    const query = trx('journals')
      .select('id', 'import_key', 'import_id')
      .where('user_id', userId)
      .whereIn(
        'import_key',
        batch.map((row) => row.import_key),
      );
    if (isMysql(trx)) query.forShare();
    const stored: { id: string; import_key: string; import_id: string | null }[] = await query;
    for (const row of stored) found.set(row.import_key, { id: row.id, importId: row.import_id });
  }
  return found;
}

/** Adds an import's entries, leaving out each that a concurrent import of it added first. */
export function insertImportedEntries(trx: Knex, rows: NewEntryRow[]): Promise<void> {
  return insertNewInChunks(trx, 'entries', rows, 100, [
    'journal_id',
    'date',
    'content_hash',
    'imported',
  ]);
}

/** How many rows of `table` the import `importId` wrote (on `<table>_by_import`). */
export async function countImported(
  trx: Knex,
  table: 'journals' | 'entries',
  userId: string,
  importId: string,
): Promise<number> {
  const [row] = await trx(table).where({ import_id: importId, user_id: userId }).count({ n: '*' });
  return Number(row?.n ?? 0);
}

/**
 * Removes what the import `importId` wrote, and nothing else: its entries, then the journals it
 * made that hold no other entry now (written since by hand, or by another import). Safe to run
 * again, or for an import that wrote nothing.
 */
export async function deleteImported(
  db: Knex,
  userId: string,
  importId: string,
): Promise<{ journals: number; entries: number }> {
  return db.transaction(async (trx) => {
    const entries = await trx('entries').where({ import_id: importId, user_id: userId }).delete();
    const journals = await trx('journals')
      .where({ import_id: importId, user_id: userId })
      .whereNotExists((held) =>
        held.select(trx.raw('1')).from('entries').whereRaw('entries.journal_id = journals.id'),
      )
      .delete();
    return { journals, entries };
  });
}
