import Router from '@koa/router';
import { writingWeekRequest, writtenOnRequest } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { wroteOn } from '../written-on.ts';
import { writingWeek } from '../writing-week.ts';
import type { JournalsScope } from '../scope.ts';

/**
 * `POST /internal/entries/written-on` `{ userId, date }` → `{ written }`, for reminders' daily
 * writing reminder. It runs for no signed-in person (a sweep at the reminder's minute), so the
 * user is named in the body; only reminders' service token reaches it (the catalog's row,
 * checked before the body is read), and it answers a yes or a no, nothing of the entries.
 * `POST /internal/entries/week` `{ userId, from, to, today }` → `{ written, streak }` is the
 * weekly digest's: two counts, on the same terms.
 */
export function writtenOnRoutes(scope: JournalsScope): Router {
  const router = new Router({ prefix: '/internal' });
  router.post('/entries/written-on', async (ctx) => {
    const { userId, date } = parseInput(writtenOnRequest, ctx.request.body);
    ctx.body = { written: await wroteOn(scope, userId, date) };
  });
  router.post('/entries/week', async (ctx) => {
    const { userId, ...window } = parseInput(writingWeekRequest, ctx.request.body);
    ctx.body = await writingWeek(scope, userId, window);
  });
  return router;
}
