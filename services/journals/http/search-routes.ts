import Router from '@koa/router';
import { searchQuery } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import { searchEntries } from '../search-entries.ts';
import type { JournalsContext } from '../journals.ts';

export function searchRoutes(
  ctx: JournalsContext,
  auth: { tokens: Tokens; checkSession: SessionCheck },
): Router {
  const router = new Router({ prefix: '/api/search/entries' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/', async (http) => {
    const query = parseInput(searchQuery, http.query);
    http.body = await searchEntries(ctx, currentUser(http).id, query);
  });
  return router;
}
