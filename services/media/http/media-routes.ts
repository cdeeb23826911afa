import Router from '@koa/router';
import { readPageRequest, sendPage } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { addMedia } from '../add-media.ts';
import { deleteMedia, listMedia, mediaByIds, mediaUsage } from '../media-items.ts';
import type { MediaScope } from '../scope.ts';
import { leaveUnread, readUpload } from './multipart.ts';

/** `/api/media`: upload, list, usage and delete, for the signed-in caller. */
export function mediaRoutes(scope: MediaScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/media' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.post('/', async (ctx) => {
    // Let in (or refused) before a byte of the body is read: a refused upload stores nothing.
    const slot = await scope.uploads.admit(currentUser(ctx).id).catch((error: unknown) => {
      leaveUnread(ctx.req);
      throw error;
    });
    const upload = readUpload(ctx.req);
    try {
      const file = await upload.file;
      ctx.body = await addMedia(scope, currentUser(ctx).id, {
        file,
        finished: upload.finished,
        stop: upload.stop,
      });
      ctx.status = 201;
    } catch (error) {
      // Refused (or failed) before the body ended: store no more of it.
      upload.stop();
      throw error;
    } finally {
      slot.release();
    }
  });
  router.get('/', async (ctx) => {
    // `?ids=a,b`: the caller's files by id with fresh links, how an entry's `media:` references
    // are shown.
    if (ctx.query.ids !== undefined) {
      ctx.body = await mediaByIds(scope, currentUser(ctx).id, ctx.query.ids);
      return;
    }
    sendPage(ctx, await listMedia(scope, currentUser(ctx).id, readPageRequest(ctx)));
  });
  router.get('/usage', async (ctx) => {
    ctx.body = await mediaUsage(scope, currentUser(ctx).id);
  });
  router.delete('/:id', async (ctx) => {
    ctx.body = await deleteMedia(scope, currentUser(ctx).id, ctx.params.id ?? '');
  });
  return router;
}
