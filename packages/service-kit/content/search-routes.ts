import Router from '@koa/router';
import { searchQuery } from '@dayframe/contracts';
import { parseInput } from '../http/validate.ts';
import { authenticate, currentUser, type RouteAuth } from '../tokens/authenticate.ts';

/** What a content service finds for a signed-in caller's search. */
export type ContentSearch = {
  /** Where it answers: `/api/search/goals`. */
  path: string;
  find(userId: string, query: { q: string; limit: number; offset: number }): Promise<unknown>;
};

/** `GET <path>?q=&limit=&offset=`: the caller's own matches, the query checked by the contract. */
export function contentSearchRoutes(search: ContentSearch, auth: RouteAuth): Router {
  const router = new Router({ prefix: search.path });
  router.use(authenticate(auth.tokens, auth.checkSession));
  router.get('/', async (ctx) => {
    ctx.body = await search.find(currentUser(ctx).id, parseInput(searchQuery, ctx.query));
  });
  return router;
}
