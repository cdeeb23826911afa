import { entriesExportQuery, journalsImport } from '@dayframe/contracts';
import type { EntriesWindow, JournalsImport } from '@dayframe/contracts';
import { exportRoute, type ContentInternals } from '@dayframe/service-kit/content';
import type { JournalsScope } from '../scope.ts';
import {
  exportEntries,
  exportJournals,
  importJournals,
  undoJournalsImport,
} from '../archive-part.ts';
import { entriesBetween } from '../calendar-entries.ts';

/**
 * What journals answers on the internal network, with the caller's own token:
 * `GET /internal/calendar-window?from=&to=` (the caller's entries in a window, for the calendar
 * in its own process); for the archive, `GET /internal/export` (the caller's journals),
 * `GET /internal/export/entries?journal=&after=` (one page of a journal's entries, with the
 * `next` page's cursor), `POST /internal/import?dryRun=1|importId=` (the journals part of an
 * import: checked, or written under the archive's import id) and `DELETE /internal/import/:id`
 * (that import's rows taken back).
 */
export function internalRoutes(scope: JournalsScope): ContentInternals<JournalsImport> {
  return {
    calendarWindow: (userId, { from, to }): Promise<EntriesWindow> =>
      entriesBetween(scope, userId, from, to),
    exports: [
      { path: '/export', read: (userId) => exportJournals(scope, userId) },
      exportRoute('/export/entries', entriesExportQuery, (userId, { journal, ...page }) =>
        exportEntries(scope, userId, { journalId: journal, ...page }),
      ),
    ],
    importPart: {
      schema: journalsImport,
      add: (userId, part, step) => importJournals(scope, userId, part, step),
      undo: (userId, importId) => undoJournalsImport(scope, userId, importId),
    },
  };
}
