import Router from '@koa/router';
import type { JournalsScope } from '../scope.ts';
import { exportEntries, exportJournals, importJournals } from '../archive-part.ts';
import {
  ARCHIVE_MESSAGES,
  IMPORT_LIMITS,
  entriesExportQuery,
  journalsImport,
  calendarQuery,
  type EntriesWindow,
} from '@dayframe/contracts';
import { parseInput, readJsonBody } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { entriesBetween } from '../calendar-entries.ts';

/**
 * `GET /internal/calendar-window?from=&to=`: the calendar service, in its own process, asks for
 * the caller's entries in a window, with the caller's own token (so it can only ever read that
 * user's rows). Not under `/api`, so the gateway never exposes it; like identity's
 * `/internal/session`, it is for services on the internal network.
 */
export function internalRoutes(scope: JournalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/internal' });
  router.get('/calendar-window', authenticate(auth.tokens, auth.checkSession), async (ctx) => {
    const { from, to } = parseInput(calendarQuery, ctx.query);
    const body: EntriesWindow = {
      entries: await entriesBetween(scope, currentUser(ctx).id, from, to),
    };
    ctx.body = body;
  });
  archiveRoutes(router, scope, auth);
  return router;
}

/** An import part is bounded by the archive's unpacked limit (200 MB), not the 200 KB of a form. */
const IMPORT_PART_LIMIT = IMPORT_LIMITS.unpackedBytes;

/**
 * `GET /internal/export` (the caller's journals), `GET /internal/export/entries?journal=&after=`
 * (one page of a journal's entries, with the `next` page's cursor) and `POST
 * /internal/import[?dryRun=1]`: the archive service reads the caller's own part of an export a
 * page at a time, and hands over the part of an import that is this service's, with the
 * caller's token (so only that user's rows are ever read or written).
 */
function archiveRoutes(router: Router, scope: JournalsScope, auth: RouteAuth) {
  const signedIn = authenticate(auth.tokens, auth.checkSession);
  router.get('/export', signedIn, async (ctx) => {
    ctx.body = await exportJournals(scope, currentUser(ctx).id);
  });
  router.get('/export/entries', signedIn, async (ctx) => {
    const { journal, ...page } = parseInput(entriesExportQuery, ctx.query);
    ctx.body = await exportEntries(scope, currentUser(ctx).id, { journalId: journal, ...page });
  });
  router.post('/import', signedIn, async (ctx) => {
    const body = await readJsonBody(ctx, {
      limit: IMPORT_PART_LIMIT,
      tooLarge: ARCHIVE_MESSAGES.zipBomb,
    });
    const part = parseInput(journalsImport, body);
    ctx.body = await importJournals(scope, currentUser(ctx).id, part, {
      dryRun: ctx.query.dryRun === '1',
    });
  });
}
