import Router from '@koa/router';
import { openFile } from '../serve-file.ts';
import type { MediaScope } from '../scope.ts';

/**
 * `GET /api/media/:id/file?[size&]exp&sig`: a file (or an image's size) by its signed link, with no bearer token (an `<img>`
 * or `<audio>` sends none). Its headers keep a file from ever acting as a page: the stored type
 * and `nosniff`, a sandbox CSP (a PDF or an SVG-like surprise runs no script on our origin),
 * downloads for anything but images and audio, and no shared caches. They replace the
 * gateway's (set before, on the same answer).
 */
export function fileRoutes(scope: MediaScope): Router {
  const router = new Router({ prefix: '/api/media' });
  router.get('/:id/file', async (ctx) => {
    const file = await openFile(
      scope,
      ctx.params.id ?? '',
      { exp: ctx.query.exp, sig: ctx.query.sig, size: ctx.query.size },
      ctx.get('range') || undefined,
    );
    ctx.set('Content-Type', file.contentType);
    ctx.set(
      'Content-Disposition',
      `${file.inline ? 'inline' : 'attachment'}; filename="${file.filename}"`,
    );
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', 'sandbox');
    ctx.set('Cache-Control', 'private');
    ctx.set('Accept-Ranges', 'bytes');
    if (file.range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
    }
    ctx.body = file.body;
    ctx.length = file.range ? file.range.end - file.range.start + 1 : file.size;
  });
  return router;
}
