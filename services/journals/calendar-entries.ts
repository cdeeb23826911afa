import type { EntriesWindow } from '@dayframe/contracts';
import { findEntriesBetween } from './data/entry-repo.ts';
import { firstPhotos } from './data/entry-media.ts';
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
  const found = await findEntriesBetween(scope.db, userId, from, to);
  const photos = await firstPhotos(
    scope.db,
    userId,
    found.entries.map((entry) => entry._id),
  );
  const entries = found.entries.map((entry) => ({
    ...entry,
    photo: photos.get(entry._id) ?? null,
  }));
  const { truncated } = found;
  return truncated ? { entries, truncated } : { entries };
}
