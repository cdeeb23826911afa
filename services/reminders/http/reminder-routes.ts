import Router from '@koa/router';
import { reminderSettingsUpdate, reminderTestRequest } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { readReminderSettings, updateReminderSettings } from '../reminder-settings.ts';
import { sendTestReminder } from '../send-test.ts';
import type { RemindersScope } from '../scope.ts';

/** `/api/reminders`: the signed-in person's reminder settings, read and replaced, and "Send a test". */
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
  router.post('/test', async (ctx) => {
    const request = parseInput(reminderTestRequest, ctx.request.body);
    ctx.body = await sendTestReminder(scope, currentUser(ctx).id, request);
    ctx.status = 202;
  });
  return router;
}
