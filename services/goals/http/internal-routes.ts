import { exportPageQuery, goalsImport } from '@dayframe/contracts';
import { exportRoute, type ContentInternals } from '@dayframe/service-kit/content';
import type { GoalsImport } from '@dayframe/contracts';
import type { GoalsScope } from '../scope.ts';
import { exportGoals, importGoals, undoGoalsImport } from '../archive-part.ts';
import { goalsBetween } from '../goals-between.ts';

/**
 * What goals answers on the internal network, with the caller's own token:
 * `GET /internal/calendar-window?from=&to=` (the caller's goals due and completed in a window,
 * for the calendar in its own process), `GET /internal/export?after=&limit=` (one page of the
 * caller's goals, with the `next` page's cursor), `POST /internal/import?dryRun=1|importId=` (the
 * goals part of an import) and `DELETE /internal/import/:id` (that import's goals taken back),
 * for the archive.
 */
export function internalRoutes(scope: GoalsScope): ContentInternals<GoalsImport> {
  return {
    calendarWindow: (userId, { from, to }) => goalsBetween(scope, userId, from, to),
    exports: [
      exportRoute('/export', exportPageQuery, (userId, page) => exportGoals(scope, userId, page)),
    ],
    importPart: {
      schema: goalsImport,
      add: (userId, part, step) => importGoals(scope, userId, part, step),
      undo: (userId, importId) => undoGoalsImport(scope, userId, importId),
    },
  };
}
