import { createHash, randomUUID } from 'node:crypto';
import type { JournalsExport, JournalsImport, JournalsImportCounts } from '@dayframe/contracts';
import { quotaExceeded } from '@dayframe/service-kit';
import type { JournalsScope } from './scope.ts';
import {
  existingForImport,
  insertImported,
  journalsWithEntries,
  type NewEntryRow,
  type NewJournalRow,
} from './data/archive-repo.ts';

/** The user's journals and entries for the archive's export (entries limited to a range). */
export function exportJournals(
  scope: JournalsScope,
  userId: string,
  range: { from?: string; to?: string } = {},
): Promise<JournalsExport> {
  return journalsWithEntries(scope.db, userId, range);
}

/** An entry is the same entry when its journal, date, title and content are. */
function entryKey(journalId: string, entry: { date: string; title: string; content: string }) {
  const hash = createHash('sha256').update(entry.title).update('\0').update(entry.content);
  return `${journalId}|${entry.date}|${hash.digest('base64url')}`;
}

/**
 * Adds what the import holds and the user does not have yet, in one transaction: a journal is
 * matched by its id among the user's own, else by title; an entry by its id among the user's
 * own, else by journal, date, title and content. So the same file imported twice (or again after
 * a failure midway) creates nothing the second time. Past a quota nothing is written (409).
 * `dryRun` answers the counts (and the quota check) without writing.
 */
export async function importJournals(
  scope: JournalsScope,
  userId: string,
  part: JournalsImport,
  options: { dryRun?: boolean } = {},
): Promise<JournalsImportCounts> {
  return scope.db.transaction(async (trx) => {
    const existing = await existingForImport(trx, userId);
    const journalById = new Map(existing.journals.map((j) => [j.id, j.id]));
    const journalByTitle = new Map<string, string>();
    for (const j of existing.journals)
      if (!journalByTitle.has(j.title)) journalByTitle.set(j.title, j.id);
    const entryIds = new Set(existing.entries.map((e) => e.id));
    const entryKeys = new Set(existing.entries.map((e) => entryKey(e.journal_id, e)));
    const now = new Date(scope.clock.now()).toISOString();
    const counts = { journals: { created: 0, matched: 0 }, entries: { created: 0, skipped: 0 } };
    const rows: { journals: NewJournalRow[]; entries: NewEntryRow[] } = {
      journals: [],
      entries: [],
    };
    for (const journal of part.journals) {
      let journalId =
        (journal._id && journalById.get(journal._id)) || journalByTitle.get(journal.title);
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
      for (const entry of journal.entries) {
        const key = entryKey(journalId, entry);
        if ((entry._id && entryIds.has(entry._id)) || entryKeys.has(key)) {
          counts.entries.skipped += 1;
          continue;
        }
        entryKeys.add(key);
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
    if (existing.journals.length + rows.journals.length > scope.quotas.journals)
      throw quotaExceeded(scope.quotas.journals, 'journals');
    if (existing.entries.length + rows.entries.length > scope.quotas.entries)
      throw quotaExceeded(scope.quotas.entries, 'entries');
    if (!options.dryRun) await insertImported(trx, rows);
    return counts;
  });
}
