import { exportPageQuery, goalsImport } from '@dayframe/contracts';
import { exportRoute, type ContentInternals } from '@dayframe/service-kit/content';
import type { GoalsImport } from '@dayframe/contracts';
import type { GoalsScope } from '../scope.ts';
import { exportGoals, importGoals } from '../archive-part.ts';
import { goalsBetween } from '../goals-between.ts';

/**
 * What goals answers on the internal network, with the caller's own token:
 * `GET /internal/calendar-window?from=&to=` (the caller's goals due and completed in a window,
 * for the calendar in its own process), `GET /internal/export?after=&limit=` (one page of the
 * caller's goals, with the `next` page's cursor) and `POST /internal/import[?dryRun=1]` (the
 * goals part of an import), for the archive.
 */
export function internalRoutes(scope: GoalsScope): ContentInternals<GoalsImport> {
  return {
    calendarWindow: (userId, { from, to }) => goalsBetween(scope, userId, from, to),
    exports: [
      exportRoute('/export', exportPageQuery, (userId, page) => exportGoals(scope, userId, page)),
    ],
    importPart: {
      schema: goalsImport,
      add: (userId, part, options) => importGoals(scope, userId, part, options),
    },
  };
}
