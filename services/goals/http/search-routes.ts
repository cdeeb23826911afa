import Router from '@koa/router';
import { searchQuery } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import { searchGoals } from '../search-goals.ts';
import type { GoalsContext } from '../goals.ts';

export function searchRoutes(
  ctx: GoalsContext,
  auth: { tokens: Tokens; checkSession: SessionCheck },
): Router {
  const router = new Router({ prefix: '/api/search/goals' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/', async (http) => {
    const query = parseInput(searchQuery, http.query);
    http.body = await searchGoals(ctx, currentUser(http).id, query);
  });
  return router;
}
