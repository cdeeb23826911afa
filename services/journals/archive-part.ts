import { randomUUID } from 'node:crypto';
import { TAGS_PER_ENTRY, tagsInText } from '@dayframe/contracts';
import type {
  EntriesExportPage,
  JournalsExport,
  JournalsImport,
  JournalsImportCounts,
} from '@dayframe/contracts';
import { badRequest } from '@dayframe/service-kit/http';
import { byteQuotaExceeded, quotaExceeded } from '@dayframe/service-kit/limits';
import { entryBytesOf } from './data/entry-bytes.ts';
import { ENTRY_TEXT, entryBytes } from './quotas.ts';
import { batchesOf, contentHash, transactionRetryingDeadlocks } from '@dayframe/service-kit/db';
import { entryHash } from './data/entry-repo.ts';
import type { JournalsScope } from './scope.ts';
import { historyBounds } from './history-bounds.ts';
import { keepWithinBudget } from './data/version-repo.ts';
import { writeNewEntriesMedia } from './data/entry-media.ts';
import {
  countImported,
  deleteImported,
  entriesPage,
  entryCount,
  insertImportedEntries,
  insertImportedExtras,
  insertImportedJournals,
  journalsForImport,
  journalsOf,
  keyText,
  ownEntryIds,
  storedEntryKeys,
  type EntryCursor,
  type ImportedHistory,
  type NewEntryRow,
  type NewJournalRow,
} from './data/archive-repo.ts';

/** The user's journals for the archive's export, oldest first; their entries come in pages. */
export async function exportJournals(
  scope: JournalsScope,
  userId: string,
): Promise<JournalsExport> {
  return { journals: await journalsOf(scope.db, userId) };
}

// The cursor is opaque to the archive; here it is `<date>.<seq>` of the page's last entry.
const cursorText = (cursor: EntryCursor) => `${cursor.date}.${cursor.seq}`;
function parseCursor(text: string): EntryCursor {
  const match = /^(\d{4}-\d{2}-\d{2})\.(\d{1,15})$/.exec(text);
  if (!match) throw badRequest('after must be the next of an earlier page', 'bad_cursor');
  return { date: match[1]!, seq: Number(match[2]) };
}

/** One page of a journal's entries (the user's own; another's journal answers none). */
export async function exportEntries(
  scope: JournalsScope,
  userId: string,
  page: { journalId: string; from?: string; to?: string; after?: string; limit: number },
): Promise<EntriesExportPage> {
  const found = await entriesPage(
    scope.db,
    userId,
    { ...page, after: page.after === undefined ? undefined : parseCursor(page.after) },
    historyBounds(scope),
  );
  const full = found.entries.length === page.limit && found.last;
  return { entries: found.entries, next: full ? cursorText(found.last!) : null };
}

/** How many imported entries are compared against the database in one indexed lookup. */
const MATCH_BATCH = 500;

/** How an import step runs: a dry run only counts and checks; a commit writes under its id. */
export type ImportStep = { dryRun?: boolean; importId?: string };

/**
 * Adds what the import holds and the user does not have yet, in one transaction: a journal is
 * matched by its id among the user's own, else by title; an entry by its id among the user's
 * own, else by journal, date, title and content (its `content_hash`), written by hand or
 * imported. So the same file imported twice (or again after a failure midway) creates nothing
 * the second time. Entries are matched a batch at a time on `entries_import_key`, reading only
 * the index entries of the batch's own keys (never every row of a date). Past a quota nothing
 * is written (409), checked on the plan before any write. `dryRun` answers the counts (and the
 * quota check) without writing. A commit tags every row it writes with `importId` (see
 * undoJournalsImport) and inserts through the unique keys, so an import running at the same
 * moment cannot add the same journal or entry twice; its counts are the rows it did write.
 */
export async function importJournals(
  scope: JournalsScope,
  userId: string,
  part: JournalsImport,
  options: ImportStep = {},
): Promise<JournalsImportCounts> {
  const importId = options.dryRun ? undefined : options.importId;
  if (!options.dryRun && !importId) throw new Error('an import is written under its import id');
  return transactionRetryingDeadlocks(scope.db, async (trx) => {
    const existing = await journalsForImport(trx, userId);
    const existingIds = new Set(existing.map((j) => j.id));
    const journalByTitle = new Map<string, string>();
    for (const j of existing) if (!journalByTitle.has(j.title)) journalByTitle.set(j.title, j.id);
    const now = new Date(scope.clock.now()).toISOString();

    // Each journal of the file: the stored one it matches, or a new one (one per title).
    const newJournals = new Map<string, NewJournalRow>();
    const targets = part.journals.map((journal) => {
      const matched =
        (journal._id && existingIds.has(journal._id) ? journal._id : undefined) ??
        journalByTitle.get(journal.title);
      if (matched) return { journal, id: matched };
      const made = newJournals.get(journal.title);
      if (made) return { journal, id: made.id };
      const row: NewJournalRow = {
        id: randomUUID(),
        user_id: userId,
        title: journal.title,
        description: journal.description,
        created_at: journal.createdAt ? new Date(journal.createdAt).toISOString() : now,
        template: journal.template,
        import_key: contentHash(journal.title),
        import_id: importId ?? '',
      };
      newJournals.set(journal.title, row);
      return { journal, id: row.id };
    });
    if (existing.length + newJournals.size > scope.quotas.journals)
      throw quotaExceeded(scope.quotas.journals, 'journals');

    // A journal made by this import has nothing stored to compare against, unless another
    // import made the same one first (a commit learns that from the unique key).
    const fresh = new Set<string>();
    const resolved = new Map<string, string>();
    if (importId && newJournals.size) {
      const stored = await insertImportedJournals(trx, userId, [...newJournals.values()]);
      for (const row of newJournals.values()) {
        const found = stored.get(row.import_key);
        if (!found) throw new Error('an imported journal was neither added nor found');
        resolved.set(row.id, found.id);
        if (found.importId === importId) fresh.add(found.id);
      }
    } else for (const row of newJournals.values()) fresh.add(row.id);
    for (const target of targets) target.id = resolved.get(target.id) ?? target.id;

    const entries: NewEntryRow[] = [];
    const extras = new Map<string, { tags: string[]; history: ImportedHistory }>();
    let entriesInFile = 0;
    /** Per journal: the keys of its entries seen so far in this file. */
    const keysOf = new Map<string, Set<string>>();
    for (const { journal, id: journalId } of targets) {
      const keys = keysOf.get(journalId) ?? new Set<string>();
      keysOf.set(journalId, keys);
      entriesInFile += journal.entries.length;
      for (const batch of batchesOf(journal.entries, MATCH_BATCH)) {
        const ids = await ownEntryIds(
          trx,
          userId,
          batch.flatMap((entry) => (entry._id ? [entry._id] : [])),
        );
        const hashed = batch.map((entry) => ({
          entry,
          key: { date: entry.date, hash: entryHash(entry) },
        }));
        const stored = fresh.has(journalId)
          ? new Set<string>()
          : await storedEntryKeys(
              trx,
              journalId,
              hashed.map((h) => h.key),
            );
        for (const { entry, key } of hashed) {
          const text = keyText(key);
          if ((entry._id && ids.has(entry._id)) || stored.has(text) || keys.has(text)) continue;
          keys.add(text);
          const id = randomUUID();
          const tags = importedTags(entry);
          extras.set(id, { tags, history: entry.history });
          entries.push({
            id,
            journal_id: journalId,
            user_id: userId,
            title: entry.title,
            content: entry.content,
            content_hash: key.hash,
            date: entry.date,
            created_at: now,
            imported: true,
            import_id: importId ?? '',
            tags: tags.join(' '),
            mood: entry.mood,
            starred: entry.starred,
          });
        }
      }
    }
    if (entries.length && (await entryCount(trx, userId)) + entries.length > scope.quotas.entries)
      throw quotaExceeded(scope.quotas.entries, 'entries');
    if (
      entries.length &&
      (await entryBytesOf(trx, userId)) + entries.reduce((sum, row) => sum + entryBytes(row), 0) >
        scope.quotas.entryBytes
    )
      throw byteQuotaExceeded(scope.quotas.entryBytes, ENTRY_TEXT);

    const journalsInFile = part.journals.length;
    if (!importId) {
      const created = { journals: newJournals.size, entries: entries.length };
      return countsOf(journalsInFile, entriesInFile, created);
    }
    await insertImportedEntries(trx, entries);
    // Rows another import wrote first are absent: that import indexed its own.
    await writeNewEntriesMedia(trx, userId, entries);
    await insertImportedExtras(trx, userId, importId, extras, now);
    // Imported history counts toward the account's budget like any kept version.
    await keepWithinBudget(trx, userId, scope.quotas.versionBytes);
    // What this import did write: another at the same moment may have written some first.
    return countsOf(journalsInFile, entriesInFile, {
      journals: await countImported(trx, 'journals', userId, importId),
      entries: await countImported(trx, 'entries', userId, importId),
    });
  });
}

/**
 * An imported entry's tags: the file's (already checked), then the `#word` tags of its title
 * and content, as any write adds them. A version 1 file may hold more than an entry keeps:
 * past `TAGS_PER_ENTRY` the `#word` tags are left out rather than the import refused (the
 * words stay in the text).
 */
function importedTags(entry: { tags: string[]; title: string; content: string }): string[] {
  const found = [...entry.tags, ...tagsInText(entry.title), ...tagsInText(entry.content)];
  return [...new Set(found)].slice(0, TAGS_PER_ENTRY);
}

function countsOf(
  journals: number,
  entries: number,
  created: { journals: number; entries: number },
): JournalsImportCounts {
  return {
    journals: { created: created.journals, matched: journals - created.journals },
    entries: { created: created.entries, skipped: entries - created.entries },
  };
}

/**
 * Takes back what the import `importId` wrote (when its other part failed): only its own rows,
 * see deleteImported. Safe to call again, or for an import that wrote nothing.
 */
export async function undoJournalsImport(
  scope: JournalsScope,
  userId: string,
  importId: string,
): Promise<{ removed: number }> {
  const removed = await deleteImported(scope.db, userId, importId);
  return { removed: removed.journals + removed.entries };
}
