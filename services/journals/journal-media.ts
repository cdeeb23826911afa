import { calendarDate, type JournalMediaItem } from '@dayframe/contracts';
import {
  decodeCursor,
  encodeCursor,
  invalidCursor,
  type Page,
  type PageRequest,
} from '@dayframe/service-kit/http';
import { z } from 'zod';
import { findJournalMediaPage, referencedMediaIds } from './data/entry-media.ts';
import { requireJournal } from './entries.ts';
import type { JournalsScope } from './scope.ts';

/** A Media view cursor: its journal and the last file shown's entry date, write order, position. */
const journalMediaCursor = z.object({
  j: z.string(),
  d: calendarDate(),
  s: z.number().int().positive(),
  p: z.number().int().min(0),
});

/**
 * One page of the files a journal's entries embed (its Media view), newest entry date first;
 * 404 for a journal the caller does not own. Which are images, and their links, media answers.
 */
export async function listJournalMedia(
  scope: JournalsScope,
  userId: string,
  journalId: string,
  page: PageRequest,
): Promise<Page<JournalMediaItem>> {
  await requireJournal(scope, userId, journalId);
  let after: { date: string; seq: number; position: number } | undefined;
  if (page.cursor !== undefined) {
    const position = decodeCursor(page.cursor, journalMediaCursor);
    if (position.j !== journalId) throw invalidCursor();
    after = { date: position.d, seq: position.s, position: position.p };
  }
  const found = await findJournalMediaPage(scope.db, userId, journalId, page.limit, after);
  const { last } = found;
  return {
    items: found.items,
    next:
      found.more && last
        ? encodeCursor({ j: journalId, d: last.date, s: last.seq, p: last.position })
        : null,
  };
}

/**
 * Those of `ids` some entry of the user refers to now, for media's sweep of unreferenced files.
 * Only entries' current text counts, not their kept versions (decision 0049).
 */
export async function referencedMedia(
  scope: JournalsScope,
  userId: string,
  ids: readonly string[],
): Promise<string[]> {
  return referencedMediaIds(scope.db, userId, [...new Set(ids.map((id) => id.toLowerCase()))]);
}
