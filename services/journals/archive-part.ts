import { createHash, randomUUID } from 'node:crypto';
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
import { batchesOf } from '@dayframe/service-kit/db';
import type { JournalsScope } from './scope.ts';
import {
  entriesOnDates,
  entriesPage,
  entryCount,
  insertImported,
  journalsForImport,
  journalsOf,
  ownEntryIds,
  type EntryCursor,
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
  const found = await entriesPage(scope.db, userId, {
    ...page,
    after: page.after === undefined ? undefined : parseCursor(page.after),
  });
  const full = found.entries.length === page.limit && found.last;
  return { entries: found.entries, next: full ? cursorText(found.last!) : null };
}

/** An entry is the same entry when its journal, date, title and content are. */
function entryKey(entry: { date: string; title: string; content: string }) {
  const hash = createHash('sha256').update(entry.title).update('\0').update(entry.content);
  return `${entry.date}|${hash.digest('base64url')}`;
}

/** How many imported entries are compared against the database in one indexed lookup. */
const MATCH_BATCH = 500;

/**
 * Adds what the import holds and the user does not have yet, in one transaction: a journal is
 * matched by its id among the user's own, else by title; an entry by its id among the user's
 * own, else by journal, date, title and content. So the same file imported twice (or again after
 * a failure midway) creates nothing the second time. Entries are matched a batch at a time
 * through the indexes (ids; a journal's dates), never by reading the whole account. Past a
 * quota nothing is written (409). `dryRun` answers the counts (and the quota check) without
 * writing.
 */
export async function importJournals(
  scope: JournalsScope,
  userId: string,
  part: JournalsImport,
  options: { dryRun?: boolean } = {},
): Promise<JournalsImportCounts> {
  return scope.db.transaction(async (trx) => {
    const existing = await journalsForImport(trx, userId);
    const existingIds = new Set(existing.map((j) => j.id));
    const journalByTitle = new Map<string, string>();
    for (const j of existing) if (!journalByTitle.has(j.title)) journalByTitle.set(j.title, j.id);
    const now = new Date(scope.clock.now()).toISOString();
    const counts = { journals: { created: 0, matched: 0 }, entries: { created: 0, skipped: 0 } };
    const rows: { journals: NewJournalRow[]; entries: NewEntryRow[] } = {
      journals: [],
      entries: [],
    };
    /** Per journal: the keys of its entries seen so far (in the database or in this file). */
    const keysOf = new Map<string, Set<string>>();
    for (const journal of part.journals) {
      let journalId =
        (journal._id && existingIds.has(journal._id) ? journal._id : undefined) ??
        journalByTitle.get(journal.title);
      const stored = journalId !== undefined && existingIds.has(journalId);
      if (journalId) counts.journals.matched += 1;
      else {
        journalId = randomUUID();
        journalByTitle.set(journal.title, journalId);
        counts.journals.created += 1;
        rows.journals.push({
          id: journalId,
          user_id: userId,
          title: journal.title,
          description: journal.description,
          created_at: journal.createdAt ? new Date(journal.createdAt).toISOString() : now,
        });
      }
      const keys = keysOf.get(journalId) ?? new Set<string>();
      keysOf.set(journalId, keys);
      for (const batch of batchesOf(journal.entries, MATCH_BATCH)) {
        const ids = await ownEntryIds(
          trx,
          userId,
          batch.flatMap((entry) => (entry._id ? [entry._id] : [])),
        );
        // A journal made by this import has nothing stored to compare against.
        if (stored)
          for (const found of await entriesOnDates(trx, userId, journalId, [
            ...new Set(batch.map((entry) => entry.date)),
          ]))
            keys.add(entryKey(found));
        for (const entry of batch) {
          const key = entryKey(entry);
          if ((entry._id && ids.has(entry._id)) || keys.has(key)) {
            counts.entries.skipped += 1;
            continue;
          }
          keys.add(key);
          counts.entries.created += 1;
          rows.entries.push({
            id: randomUUID(),
            journal_id: journalId,
            user_id: userId,
            title: entry.title,
            content: entry.content,
            date: entry.date,
            created_at: now,
          });
        }
      }
    }
    if (existing.length + rows.journals.length > scope.quotas.journals)
      throw quotaExceeded(scope.quotas.journals, 'journals');
    if (
      rows.entries.length &&
      (await entryCount(trx, userId)) + rows.entries.length > scope.quotas.entries
    )
      throw quotaExceeded(scope.quotas.entries, 'entries');
    if (
      rows.entries.length &&
      (await entryBytesOf(trx, userId)) +
        rows.entries.reduce((sum, row) => sum + entryBytes(row), 0) >
        scope.quotas.entryBytes
    )
      throw byteQuotaExceeded(scope.quotas.entryBytes, ENTRY_TEXT);
    if (!options.dryRun) await insertImported(trx, rows);
    return counts;
  });
}
