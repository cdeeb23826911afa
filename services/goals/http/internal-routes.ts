import Router from '@koa/router';
import type { GoalsContext } from '../goals.ts';
import { exportGoals, importGoals } from '../archive-part.ts';
import {
  ARCHIVE_MESSAGES,
  IMPORT_LIMITS,
  exportPageQuery,
  goalsImport,
  calendarQuery,
} from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  readJsonBody,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import { goalsBetween } from '../goals-between.ts';

/**
 * `GET /internal/calendar-window?from=&to=`: the calendar service, in its own process, asks for
 * the caller's goals due and completed in a window, with the caller's own token (so it can only
 * ever read that user's rows). Not under `/api`, so the gateway never exposes it; like
 * identity's `/internal/session`, it is for services on the internal network.
 */
export function internalRoutes(
  ctx: GoalsContext,
  auth: { tokens: Tokens; checkSession: SessionCheck },
): Router {
  const router = new Router({ prefix: '/internal' });
  router.get('/calendar-window', authenticate(auth.tokens, auth.checkSession), async (http) => {
    const { from, to } = parseInput(calendarQuery, http.query);
    http.body = await goalsBetween(ctx.db, currentUser(http).id, from, to);
  });
  archiveRoutes(router, ctx, auth);
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
function archiveRoutes(
  router: Router,
  ctx: GoalsContext,
  auth: { tokens: Tokens; checkSession: SessionCheck },
) {
  const signedIn = authenticate(auth.tokens, auth.checkSession);
  router.get('/export', signedIn, async (http) => {
    const page = parseInput(exportPageQuery, http.query);
    http.body = await exportGoals(ctx, currentUser(http).id, page);
  });
  router.post('/import', signedIn, async (http) => {
    const body = await readJsonBody(http, {
      limit: IMPORT_PART_LIMIT,
      tooLarge: ARCHIVE_MESSAGES.zipBomb,
    });
    const part = parseInput(goalsImport, body);
    http.body = await importGoals(ctx, currentUser(http).id, part, {
      dryRun: http.query.dryRun === '1',
    });
  });
}
