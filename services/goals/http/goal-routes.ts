import Router from '@koa/router';
import { completeGoalRequest, createGoalRequest } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import {
  completeGoal,
  createGoal,
  deleteGoal,
  listCompletedGoals,
  listDueGoals,
} from '../goals.ts';
import type { GoalsScope } from '../scope.ts';

export function goalRoutes(scope: GoalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/goals' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.post('/', async (ctx) => {
    const input = parseInput(createGoalRequest, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createGoal(scope, currentUser(ctx).id, input);
  });
  router.get('/due', async (ctx) => {
    ctx.body = await listDueGoals(scope, currentUser(ctx).id);
  });
  router.get('/completed', async (ctx) => {
    ctx.body = await listCompletedGoals(scope, currentUser(ctx).id);
  });
  router.put('/:id/complete', async (ctx) => {
    const { currentDate } = parseInput(completeGoalRequest, ctx.request.body);
    ctx.body = await completeGoal(scope, currentUser(ctx).id, ctx.params.id ?? '', currentDate);
  });
  router.delete('/:id', async (ctx) => {
    ctx.body = await deleteGoal(scope, currentUser(ctx).id, ctx.params.id ?? '');
  });
  return router;
}
