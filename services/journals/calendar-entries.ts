import type { CalendarEntry } from '@dayframe/contracts';
import { findEntriesBetween } from './data/entry-repo.ts';
import type { JournalsScope } from './scope.ts';

/**
 * The read the calendar uses (through journals' `GET /internal/calendar-window`, or in-process
 * in the embedded topology): the user's entries dated from `from` to `to` (both
 * included, already validated `YYYY-MM-DD`), each with its journal's title, oldest day first.
 * One indexed query whatever the history's length.
 */
export function entriesBetween(
  scope: JournalsScope,
  userId: string,
  from: string,
  to: string,
): Promise<CalendarEntry[]> {
  return findEntriesBetween(scope.db, userId, from, to);
}
