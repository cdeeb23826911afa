import Router from '@koa/router';
import { renameTagRequest } from '@dayframe/contracts';
import { parseInput, readPageRequest, sendPage } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { deleteTag, listStarred, listTagEntries, listTags, pathTag, renameTag } from '../tags.ts';
import type { JournalsScope } from '../scope.ts';

/** `/api/tags*`: the caller's tags, a tag's entries, renaming and deleting a tag. */
export function tagRoutes(scope: JournalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/tags' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/', async (ctx) => {
    ctx.body = await listTags(scope, currentUser(ctx).id);
  });
  router.get('/:tag/entries', async (ctx) => {
    const tag = pathTag(ctx.params.tag ?? '');
    const page = readPageRequest(ctx);
    sendPage(ctx, await listTagEntries(scope, currentUser(ctx).id, tag, page));
  });
  router.put('/:tag', async (ctx) => {
    const tag = pathTag(ctx.params.tag ?? '');
    const { tag: to } = parseInput(renameTagRequest, ctx.request.body);
    ctx.body = await renameTag(scope, currentUser(ctx).id, tag, to);
  });
  router.delete('/:tag', async (ctx) => {
    const tag = pathTag(ctx.params.tag ?? '');
    ctx.body = await deleteTag(scope, currentUser(ctx).id, tag);
  });
  return router;
}

/** `/api/entries/*`: lists of entries across journals (the starred ones). */
export function entryListRoutes(scope: JournalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/entries' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/starred', async (ctx) => {
    const page = readPageRequest(ctx);
    sendPage(ctx, await listStarred(scope, currentUser(ctx).id, page));
  });
  return router;
}
