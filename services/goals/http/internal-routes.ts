import Router from '@koa/router';
import type { GoalsScope } from '../scope.ts';
import { exportGoals, importGoals } from '../archive-part.ts';
import {
  ARCHIVE_MESSAGES,
  IMPORT_LIMITS,
  exportPageQuery,
  goalsImport,
  calendarQuery,
} from '@dayframe/contracts';
import { parseInput, readJsonBody } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { goalsBetween } from '../goals-between.ts';

/**
 * `GET /internal/calendar-window?from=&to=`: the calendar service, in its own process, asks for
 * the caller's goals due and completed in a window, with the caller's own token (so it can only
 * ever read that user's rows). Not under `/api`, so the gateway never exposes it; like
 * identity's `/internal/session`, it is for services on the internal network.
 */
export function internalRoutes(scope: GoalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/internal' });
  router.get('/calendar-window', authenticate(auth.tokens, auth.checkSession), async (ctx) => {
    const { from, to } = parseInput(calendarQuery, ctx.query);
    ctx.body = await goalsBetween(scope, currentUser(ctx).id, from, to);
  });
  archiveRoutes(router, scope, auth);
  return router;
}

/** An import part is bounded by the archive's unpacked limit (200 MB), not the 200 KB of a form. */
const IMPORT_PART_LIMIT = IMPORT_LIMITS.unpackedBytes;

/**
 * `GET /internal/export?after=&limit=` (one page of the caller's goals, with the `next` page's
 * cursor) and `POST /internal/import[?dryRun=1]`: the archive service reads the caller's own
 * part of an export a page at a time, and hands over the part of an import that is this
 * service's, with the caller's token (so only that user's rows are ever read or written).
 */
function archiveRoutes(router: Router, scope: GoalsScope, auth: RouteAuth) {
  const signedIn = authenticate(auth.tokens, auth.checkSession);
  router.get('/export', signedIn, async (ctx) => {
    const page = parseInput(exportPageQuery, ctx.query);
    ctx.body = await exportGoals(scope, currentUser(ctx).id, page);
  });
  router.post('/import', signedIn, async (ctx) => {
    const body = await readJsonBody(ctx, {
      limit: IMPORT_PART_LIMIT,
      tooLarge: ARCHIVE_MESSAGES.zipBomb,
    });
    const part = parseInput(goalsImport, body);
    ctx.body = await importGoals(scope, currentUser(ctx).id, part, {
      dryRun: ctx.query.dryRun === '1',
    });
  });
}
