import type { CalendarEntry } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit';
import { findEntriesBetween } from './data/entry-repo.ts';

/**
 * The read the calendar uses (through journals' `GET /internal/calendar-window`, or in-process
 * in the embedded topology): the user's entries dated from `from` to `to` (both
 * included, already validated `YYYY-MM-DD`), each with its journal's title, oldest day first.
 * One indexed query whatever the history's length.
 */
export function entriesBetween(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<CalendarEntry[]> {
  return findEntriesBetween(db, userId, from, to);
}
