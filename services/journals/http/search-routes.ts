import Router from '@koa/router';
import { searchQuery } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { searchEntries } from '../search-entries.ts';
import type { JournalsScope } from '../scope.ts';

export function searchRoutes(scope: JournalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/search/entries' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/', async (ctx) => {
    const query = parseInput(searchQuery, ctx.query);
    ctx.body = await searchEntries(scope, currentUser(ctx).id, query);
  });
  return router;
}
