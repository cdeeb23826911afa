import Router from '@koa/router';
import { completeGoalRequest, createGoalRequest } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import {
  completeGoal,
  createGoal,
  deleteGoal,
  listCompletedGoals,
  listDueGoals,
  type GoalsContext,
} from '../goals.ts';

export function goalRoutes(
  ctx: GoalsContext,
  auth: { tokens: Tokens; checkSession: SessionCheck },
): Router {
  const router = new Router({ prefix: '/api/goals' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.post('/', async (http) => {
    const input = parseInput(createGoalRequest, http.request.body);
    http.status = 201;
    http.body = await createGoal(ctx, currentUser(http).id, input);
  });
  router.get('/due', async (http) => {
    http.body = await listDueGoals(ctx, currentUser(http).id);
  });
  router.get('/completed', async (http) => {
    http.body = await listCompletedGoals(ctx, currentUser(http).id);
  });
  router.put('/:id/complete', async (http) => {
    const { currentDate } = parseInput(completeGoalRequest, http.request.body);
    http.body = await completeGoal(ctx, currentUser(http).id, http.params.id ?? '', currentDate);
  });
  router.delete('/:id', async (http) => {
    http.body = await deleteGoal(ctx, currentUser(http).id, http.params.id ?? '');
  });
  return router;
}
