import Router from '@koa/router';
import { revisitRequest } from '@dayframe/contracts';
import { badRequest, parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { cancelRevisit, pendingRevisits, setRevisit } from '../revisits.ts';
import type { RemindersScope } from '../scope.ts';

/** `/api/reminders/revisit`: "Remind me about this entry", set, read and cancelled. */
export function revisitRoutes(scope: RemindersScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/reminders/revisit' });
  router.use(authenticate(auth.tokens, auth.checkSession));
  router.post('/', async (ctx) => {
    const request = parseInput(revisitRequest, ctx.request.body);
    ctx.status = 201;
    ctx.body = await setRevisit(scope, currentUser(ctx).id, request);
  });
  router.get('/', async (ctx) => {
    const entryId = ctx.query.entryId;
    if (typeof entryId !== 'string' || entryId.length === 0 || entryId.length > 64)
      throw badRequest('entryId must be an entry id', 'validation_failed');
    ctx.body = await pendingRevisits(scope, currentUser(ctx).id, entryId);
  });
  router.delete('/:id', async (ctx) => {
    await cancelRevisit(scope, currentUser(ctx).id, ctx.params.id ?? '');
    ctx.status = 204;
  });
  return router;
}
