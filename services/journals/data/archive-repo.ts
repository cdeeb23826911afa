import { randomUUID } from 'node:crypto';
import {
  batchesOf,
  countUserRows,
  insertNewInChunks,
  isMysql,
  ownRowIds,
  type Knex,
} from '@dayframe/service-kit/db';
import type { EntriesExportPage, ExportedVersion, JournalsExport, Mood } from '@dayframe/contracts';
import { entryMetaOf, type EntryMetaRow } from './entry-meta.ts';
import type { JournalRow } from './journal-row.ts';
import { contentSize, deleteVersionsOfEntries } from './version-repo.ts';
import { entryBytes } from '../quotas.ts';

type EntryRow = {
  seq: number;
  id: string;
  title: string;
  content: string;
  date: string;
} & EntryMetaRow;

/** Every journal of the user, oldest first, without entries (a journal count is bounded by quota). */
export async function journalsOf(db: Knex, userId: string): Promise<JournalsExport['journals']> {
  const rows: JournalRow[] = await db('journals')
    .select('id', 'title', 'description', 'created_at', 'template')
    .where({ user_id: userId })
    .orderBy('seq');
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    createdAt: row.created_at,
    template: row.template ?? '',
  }));
}

/**
 * The history of a page's entries, oldest version first, as export version 2 carries it: what
 * reads show (replaced since `cutoff`), at most the newest `maxVersions` of each entry.
 */
async function historyOf(
  db: Knex,
  userId: string,
  entryIds: string[],
  bounds: { cutoff: string; maxVersions: number },
): Promise<Map<string, ExportedVersion[]>> {
  const history = new Map<string, ExportedVersion[]>();
  for (const batch of batchesOf(entryIds, 500)) {
    const rows: { entry_id: string; title: string; content: string; saved_at: string }[] = await db(
      'entry_versions',
    )
      .select('entry_id', 'title', 'content', 'saved_at')
      .where('user_id', userId)
      .whereIn('entry_id', batch)
      .andWhere('replaced_at', '>=', bounds.cutoff)
      .orderBy([
        { column: 'entry_id', order: 'asc' },
        { column: 'seq', order: 'asc' },
      ]);
    for (const row of rows) {
      const versions = history.get(row.entry_id) ?? [];
      versions.push({
        title: row.title,
        content: row.content,
        savedAt: new Date(row.saved_at).toISOString(),
      });
      history.set(row.entry_id, versions);
    }
  }
  for (const [id, versions] of history) history.set(id, versions.slice(-bounds.maxVersions));
  return history;
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
  bounds: { cutoff: string; maxVersions: number },
): Promise<{ entries: EntriesExportPage['entries']; last?: EntryCursor }> {
  const query = db('entries')
    .select('seq', 'id', 'title', 'content', 'date', 'tags', 'mood', 'starred')
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
  const history = await historyOf(
    db,
    userId,
    rows.map((row) => row.id),
    bounds,
  );
  return {
    entries: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      content: row.content,
      date: row.date,
      ...entryMetaOf(row),
      mood: entryMetaOf(row).mood as Mood | null,
      history: history.get(row.id) ?? [],
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
  template: string;
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
  /** Space-separated, as entries keep them (entry-meta.ts). */
  tags: string;
  mood: number | null;
  starred: boolean;
};

/** An imported entry's earlier versions (export version 2), oldest first. */
export type ImportedHistory = { title: string; content: string; savedAt: string }[];

/**
 * What an import's entries carry beside their rows, written once the rows are in: each entry
 * this import did write (`import_id`; one a concurrent import wrote first is not its to fill)
 * gets its `entry_tags` rows and its versions, oldest first, each replaced at `now`: the
 * import is when they left the entry, so they are kept for 90 days from it (decision 0046).
 */
export async function insertImportedExtras(
  trx: Knex,
  userId: string,
  importId: string,
  extras: Map<string, { tags: string[]; history: ImportedHistory }>,
  now: string,
): Promise<void> {
  const ids = [...extras].filter(([, x]) => x.tags.length || x.history.length).map(([id]) => id);
  for (const batch of batchesOf(ids, 500)) {
    const written: { id: string; seq: number | string; date: string }[] = await trx('entries')
      .select('id', 'seq', 'date')
      .where({ user_id: userId, import_id: importId })
      .whereIn('id', batch);
    const tagRows = [];
    const versionRows = [];
    for (const row of written) {
      const { tags, history } = extras.get(row.id)!;
      for (const tag of tags)
        tagRows.push({
          user_id: userId,
          tag,
          date: row.date,
          entry_seq: Number(row.seq),
          entry_id: row.id,
        });
      let size = 0;
      for (const version of history) {
        const next = contentSize(version.content);
        versionRows.push({
          id: randomUUID(),
          entry_id: row.id,
          user_id: userId,
          title: version.title,
          content: version.content,
          saved_at: new Date(version.savedAt).toISOString(),
          replaced_at: now,
          size: next,
          size_change: next - size,
          bytes: entryBytes(version),
        });
        size = next;
      }
    }
    for (const chunk of batchesOf(tagRows, 200)) await trx('entry_tags').insert(chunk);
    for (const chunk of batchesOf(versionRows, 20)) await trx('entry_versions').insert(chunk);
  }
}

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
    // Tags, file references and versions go with their entries (the versions' foreign key
    // cascades too).
    const written = trx('entries').select('id').where({ import_id: importId, user_id: userId });
    await trx('entry_tags').where('user_id', userId).whereIn('entry_id', written).delete();
    await trx('entry_media').where('user_id', userId).whereIn('entry_id', written).delete();
    await deleteVersionsOfEntries(trx, userId, written);
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
