import Router from '@koa/router';
import { reminderSettingsUpdate } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { readReminderSettings, updateReminderSettings } from '../reminder-settings.ts';
import type { RemindersScope } from '../scope.ts';

/** `/api/reminders`: the signed-in person's reminder settings, read and replaced. */
export function reminderRoutes(scope: RemindersScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/reminders' });
  router.use(authenticate(auth.tokens, auth.checkSession));
  router.get('/', async (ctx) => {
    ctx.body = await readReminderSettings(scope, currentUser(ctx).id);
  });
  router.put('/', async (ctx) => {
    const update = parseInput(reminderSettingsUpdate, ctx.request.body);
    ctx.body = await updateReminderSettings(scope, currentUser(ctx).id, update);
  });
  return router;
}
