import Router from '@koa/router';
import { entrySummariesRequest, writingWeekRequest, writtenOnRequest } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { wroteOn } from '../written-on.ts';
import { entrySummaries } from '../entry-summaries.ts';
import { writingWeek } from '../writing-week.ts';
import type { JournalsScope } from '../scope.ts';

/**
 * Journals' answers to the reminders service. They run for no signed-in person (a sweep at the
 * reminder's minute), so the user is named in the body; only reminders' service token reaches
 * them (the catalog's rows, checked before the body is read).
 *
 * - `POST /internal/entries/written-on` `{ userId, date }` → `{ written }`, for the daily
 *   writing reminder: a yes or a no, nothing of the entries.
 * - `POST /internal/entries/summaries` `{ userId, ids }` → `{ entries }`, for a revisit reminder
 *   (and the check that a revisit's entry is the person's): title, date and opening of those of
 *   `ids` that are the user's entries.
 * - `POST /internal/entries/week` `{ userId, from, to, today }` → `{ written, streak }`, for the
 *   weekly digest: two counts.
 */
export function writtenOnRoutes(scope: JournalsScope): Router {
  const router = new Router({ prefix: '/internal' });
  router.post('/entries/written-on', async (ctx) => {
    const { userId, date } = parseInput(writtenOnRequest, ctx.request.body);
    ctx.body = { written: await wroteOn(scope, userId, date) };
  });
  router.post('/entries/summaries', async (ctx) => {
    const { userId, ids } = parseInput(entrySummariesRequest, ctx.request.body);
    ctx.body = { entries: await entrySummaries(scope, userId, ids) };
  });
  router.post('/entries/week', async (ctx) => {
    const { userId, ...window } = parseInput(writingWeekRequest, ctx.request.body);
    ctx.body = await writingWeek(scope, userId, window);
  });
  return router;
}
