import Router from '@koa/router';
import { searchQuery } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { searchGoals } from '../search-goals.ts';
import type { GoalsScope } from '../scope.ts';

export function searchRoutes(scope: GoalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/search/goals' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/', async (ctx) => {
    const query = parseInput(searchQuery, ctx.query);
    ctx.body = await searchGoals(scope, currentUser(ctx).id, query);
  });
  return router;
}
