import { randomUUID } from 'node:crypto';
import {
  ENTRY_MESSAGES,
  calendarDate,
  isRecordId,
  type DatedEntryResponse,
  type Entry,
  type MessageResponse,
} from '@dayframe/contracts';
import {
  decodeCursor,
  encodeCursor,
  invalidCursor,
  notFound,
  type Page,
  type PageRequest,
} from '@dayframe/service-kit/http';
import { byteQuotaExceeded, quotaExceeded } from '@dayframe/service-kit/limits';
import { ENTRY_TEXT } from './quotas.ts';
import { journalBelongsTo } from './data/journal-repo.ts';
import {
  deleteEntryRow,
  findEntriesPage,
  findEntry,
  findEntryOn,
  findEntryTags,
  insertEntry,
  isMissingJournal,
  updateEntryMeta,
  updateEntryRow,
  type EntryMetaWrite,
} from './data/entry-repo.ts';
import { entryTags } from './entry-tags.ts';
import { journalNotFound } from './journals.ts';
import { historyBounds } from './history-bounds.ts';
import type { JournalsScope } from './scope.ts';
import { z } from 'zod';

export function entryNotFound() {
  return notFound(ENTRY_MESSAGES.notFound, 'entry_not_found');
}

/** Entries live inside a journal: a journal the user doesn't own is reported before any entry. */
export async function requireJournal(
  scope: JournalsScope,
  userId: string,
  journalId: string,
): Promise<void> {
  if (!isRecordId(journalId) || !(await journalBelongsTo(scope.db, userId, journalId)))
    throw journalNotFound();
}

/** An entries cursor: the journal it pages and the position of the last entry shown. */
const entriesCursor = z.object({
  j: z.string(),
  d: calendarDate(),
  s: z.number().int().positive(),
});

/**
 * One page of the journal's entries in the spec's order (latest date first). The cursor names
 * its journal, so a cursor of another list (or another person's) is refused, not misapplied.
 */
export async function listEntries(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  page: PageRequest,
): Promise<Page<Entry>> {
  await requireJournal(scope, userId, journalId);
  let after: { date: string; seq: number } | undefined;
  if (page.cursor !== undefined) {
    const position = decodeCursor(page.cursor, entriesCursor);
    if (position.j !== journalId) throw invalidCursor();
    after = { date: position.d, seq: position.s };
  }
  const found = await findEntriesPage(scope.db, userId, journalId, page.limit, after);
  return {
    items: found.entries,
    next:
      found.more && found.last
        ? encodeCursor({ j: journalId, d: found.last.date, s: found.last.seq })
        : null,
  };
}

export async function createEntry(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  input: { title: string; content: string; date: string } & EntryMetaWrite,
): Promise<Entry> {
  await requireJournal(scope, userId, journalId);
  const entry = {
    id: randomUUID(),
    journalId,
    userId,
    title: input.title,
    content: input.content,
    date: input.date,
    tags: entryTags(input.tags ?? [], input),
    mood: input.mood ?? null,
    starred: input.starred ?? false,
    createdAt: new Date(scope.clock.now()).toISOString(),
  };
  try {
    const passed = await insertEntry(scope.db, entry, scope.quotas);
    if (passed === 'entries') throw quotaExceeded(scope.quotas.entries, 'entries');
    if (passed === 'entryBytes') throw byteQuotaExceeded(scope.quotas.entryBytes, ENTRY_TEXT);
  } catch (error) {
    if (isMissingJournal(error)) throw journalNotFound();
    throw error;
  }
  return {
    _id: entry.id,
    journalId,
    title: entry.title,
    content: entry.content,
    date: entry.date,
    type: 'entry',
    tags: entry.tags,
    mood: entry.mood,
    starred: entry.starred,
  };
}

export async function getEntry(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  id: string,
): Promise<Entry> {
  await requireJournal(scope, userId, journalId);
  const entry = isRecordId(id) ? await findEntry(scope.db, userId, journalId, id) : null;
  if (!entry) throw entryNotFound();
  return entry;
}

/** The day's entry for quick entry, or `{}` when the day has none yet. */
export async function getEntryOn(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  date: string,
): Promise<DatedEntryResponse> {
  await requireJournal(scope, userId, journalId);
  return (await findEntryOn(scope.db, userId, journalId, date)) ?? {};
}

export async function updateEntry(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  id: string,
  input: { title: string; content: string } & EntryMetaWrite,
): Promise<Entry> {
  await requireJournal(scope, userId, journalId);
  // Without `tags` (an older client) the entry keeps its own, plus any new `#word`.
  const kept = isRecordId(id)
    ? (input.tags ?? (await findEntryTags(scope.db, userId, journalId, id)))
    : null;
  if (!kept) throw entryNotFound();
  const fields = { ...input, tags: entryTags(kept, input) };
  const entry = await updateEntryRow(
    scope.db,
    userId,
    journalId,
    id,
    fields,
    scope.quotas.entryBytes,
    historyBounds(scope),
  );
  if (entry === 'entryBytes') throw byteQuotaExceeded(scope.quotas.entryBytes, ENTRY_TEXT);
  if (!entry) throw entryNotFound();
  return entry;
}

/** Stars or unstars the entry (one click), leaving everything else as it is. */
export async function starEntry(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  id: string,
  starred: boolean,
): Promise<Entry> {
  await requireJournal(scope, userId, journalId);
  if (!isRecordId(id) || !(await updateEntryMeta(scope.db, userId, journalId, id, { starred })))
    throw entryNotFound();
  return getEntry(scope, userId, journalId, id);
}

export async function deleteEntry(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  id: string,
): Promise<MessageResponse> {
  await requireJournal(scope, userId, journalId);
  if (!isRecordId(id) || !(await deleteEntryRow(scope.db, userId, journalId, id)))
    throw entryNotFound();
  return { message: ENTRY_MESSAGES.deleted };
}
