import Router from '@koa/router';
import { reminderWindowRequest } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { goalsCompletedCount, openGoalsDue } from '../goals-for-reminders.ts';
import type { GoalsScope } from '../scope.ts';

/**
 * `POST /internal/goals/due` `{ userId, from, to }` → `{ goals: [{ id, title, dueDate }] }` and
 * `POST /internal/goals/completed-count` `{ userId, from, to }` → `{ count }`, for reminders'
 * goals-due reminder and weekly digest. They run for no signed-in person (a sweep at the
 * reminder's minute), so the user is named in the body; only reminders' service token reaches
 * them (the catalog's row, checked before the body is read).
 */
export function goalReminderRoutes(scope: GoalsScope): Router {
  const router = new Router({ prefix: '/internal' });
  router.post('/goals/due', async (ctx) => {
    const { userId, ...window } = parseInput(reminderWindowRequest, ctx.request.body);
    ctx.body = { goals: await openGoalsDue(scope, userId, window) };
  });
  router.post('/goals/completed-count', async (ctx) => {
    const { userId, ...window } = parseInput(reminderWindowRequest, ctx.request.body);
    ctx.body = { count: await goalsCompletedCount(scope, userId, window) };
  });
  return router;
}
