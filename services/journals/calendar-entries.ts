import type { EntriesWindow } from '@dayframe/contracts';
import { findEntriesBetween } from './data/entry-repo.ts';
import type { JournalsScope } from './scope.ts';

/**
 * The read the calendar uses (through journals' `GET /internal/calendar-window`, or in-process
 * in the embedded topology): the user's entries dated from `from` to `to` (both
 * included, already validated `YYYY-MM-DD`), each with its journal's title and an excerpt of its
 * content and its first embedded file (`photo`), oldest day first, within the calendar's caps (`CALENDAR_LIMITS`). A few indexed reads,
 * each with a LIMIT, whatever the history's length.
 */
export async function entriesBetween(
  scope: JournalsScope,
  userId: string,
  from: string,
  to: string,
): Promise<EntriesWindow> {
  const { entries, truncated } = await findEntriesBetween(scope.db, userId, from, to);
  return truncated ? { entries, truncated } : { entries };
}
