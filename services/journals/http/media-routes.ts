import Router from '@koa/router';
import { mediaReferencedRequest } from '@dayframe/contracts';
import { parseInput, readPageRequest, sendPage } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { listJournalMedia, referencedMedia } from '../journal-media.ts';
import type { JournalsScope } from '../scope.ts';

/** `GET /api/journals/:id/media?cursor&limit`: the journal's Media view, paged with `Link`. */
export function journalMediaRoutes(scope: JournalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/journals' });
  router.use(authenticate(auth.tokens, auth.checkSession));
  router.get('/:id/media', async (ctx) => {
    const page = readPageRequest(ctx);
    sendPage(ctx, await listJournalMedia(scope, currentUser(ctx).id, ctx.params.id ?? '', page));
  });
  return router;
}

/**
 * `POST /internal/media/referenced` `{ userId, ids }` → `{ referenced }`, for media's sweep. It
 * runs for no signed-in person, so the user is named in the body; only media's service token
 * reaches it (the catalog's row, checked before the body is read), and it answers ids the caller
 * already holds, nothing more.
 */
export function mediaReferenceRoutes(scope: JournalsScope): Router {
  const router = new Router({ prefix: '/internal' });
  router.post('/media/referenced', async (ctx) => {
    const { userId, ids } = parseInput(mediaReferencedRequest, ctx.request.body);
    ctx.body = { referenced: await referencedMedia(scope, userId, ids) };
  });
  return router;
}
