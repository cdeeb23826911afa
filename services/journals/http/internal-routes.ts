import Router from '@koa/router';
import type { JournalsContext } from '../journals.ts';
import { exportEntries, exportJournals, importJournals } from '../archive-part.ts';
import {
  ARCHIVE_MESSAGES,
  IMPORT_LIMITS,
  entriesExportQuery,
  journalsImport,
  calendarQuery,
  type EntriesWindow,
} from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  readJsonBody,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import { entriesBetween } from '../calendar-entries.ts';

/**
 * `GET /internal/calendar-window?from=&to=`: the calendar service, in its own process, asks for
 * the caller's entries in a window, with the caller's own token (so it can only ever read that
 * user's rows). Not under `/api`, so the gateway never exposes it; like identity's
 * `/internal/session`, it is for services on the internal network.
 */
export function internalRoutes(
  ctx: JournalsContext,
  auth: { tokens: Tokens; checkSession: SessionCheck },
): Router {
  const router = new Router({ prefix: '/internal' });
  router.get('/calendar-window', authenticate(auth.tokens, auth.checkSession), async (http) => {
    const { from, to } = parseInput(calendarQuery, http.query);
    const body: EntriesWindow = {
      entries: await entriesBetween(ctx.db, currentUser(http).id, from, to),
    };
    http.body = body;
  });
  archiveRoutes(router, ctx, auth);
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
function archiveRoutes(
  router: Router,
  ctx: JournalsContext,
  auth: { tokens: Tokens; checkSession: SessionCheck },
) {
  const signedIn = authenticate(auth.tokens, auth.checkSession);
  router.get('/export', signedIn, async (http) => {
    http.body = await exportJournals(ctx, currentUser(http).id);
  });
  router.get('/export/entries', signedIn, async (http) => {
    const { journal, ...page } = parseInput(entriesExportQuery, http.query);
    http.body = await exportEntries(ctx, currentUser(http).id, { journalId: journal, ...page });
  });
  router.post('/import', signedIn, async (http) => {
    const body = await readJsonBody(http, {
      limit: IMPORT_PART_LIMIT,
      tooLarge: ARCHIVE_MESSAGES.zipBomb,
    });
    const part = parseInput(journalsImport, body);
    http.body = await importJournals(ctx, currentUser(http).id, part, {
      dryRun: http.query.dryRun === '1',
    });
  });
}
