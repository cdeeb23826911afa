import Router from '@koa/router';
import { ARCHIVE_MESSAGES, IMPORT_LIMITS, exportQuery } from '@dayframe/contracts';
import { HttpError, parseInput, readBody, type AppState } from '@dayframe/service-kit/http';
import {
  authenticate,
  bearerToken,
  currentUser,
  requireConfirmation,
  type RouteAuth,
} from '@dayframe/service-kit/tokens';
import type { Context } from 'koa';
import type { ArchiveAsk } from '../archive-sources.ts';
import type { ArchiveScope } from '../scope.ts';
import { importUpload, startExport } from '../archive-use-cases.ts';
import { dayframeJson, textStream } from '../export-json.ts';
import { exportZip } from '../export-zip.ts';

const UPLOAD_TYPES = [
  'application/zip',
  'application/x-zip-compressed',
  'application/json',
  'application/octet-stream',
];

function askOf(ctx: Context): ArchiveAsk {
  const state = ctx.state as AppState;
  return { userId: currentUser(ctx).id, token: bearerToken(ctx)!, requestId: state.requestId };
}

/**
 * `GET /api/export` (zip, or `?format=json`; either streamed as the owners' pages arrive; needs a
 * confirmation, see `requireConfirmation`) and `POST /api/import` (zip or JSON body).
 */
export function archiveRoutes(scope: ArchiveScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api' });
  const signedIn = authenticate(auth.tokens, auth.checkSession);

  // Everything the account holds in one file: a copied session token alone may not take it.
  router.get('/export', signedIn, requireConfirmation(auth.tokens), async (ctx) => {
    const query = parseInput(exportQuery, ctx.query);
    const now = scope.clock.now();
    const reader = await startExport(scope, askOf(ctx), query, {
      log: (ctx.state as AppState).log,
      now,
    });
    // The caller's local date names the file; without it, today in UTC.
    const day = query.today ?? new Date(now).toISOString().slice(0, 10);
    const extension = query.format === 'json' ? 'json' : 'zip';
    ctx.set('Content-Disposition', `attachment; filename="dayframe-export-${day}.${extension}"`);
    ctx.set('Cache-Control', 'no-store');
    if (query.format === 'json') {
      ctx.type = 'application/json';
      ctx.body = textStream(dayframeJson(reader));
      return;
    }
    ctx.type = 'application/zip';
    ctx.body = exportZip(reader);
  });

  router.post('/import', signedIn, async (ctx) => {
    if (!UPLOAD_TYPES.some((type) => ctx.is(type)))
      throw new HttpError(415, ARCHIVE_MESSAGES.notArchive, 'unsupported_media_type');
    // Admitted before the body is read: a refused upload is never held in memory (drained).
    let release: () => void;
    try {
      release = scope.imports.admit(currentUser(ctx).id);
    } catch (refusal) {
      ctx.req.resume();
      throw refusal;
    }
    try {
      const bytes = await readBody(ctx, {
        limit: IMPORT_LIMITS.uploadBytes,
        tooLarge: ARCHIVE_MESSAGES.tooLarge,
      });
      const journal = typeof ctx.query.journal === 'string' ? ctx.query.journal : undefined;
      ctx.body = await importUpload(
        scope,
        askOf(ctx),
        { bytes, journalName: journal },
        (ctx.state as AppState).log,
      );
    } finally {
      // However it ended: answered, refused, failed, or the client gone mid-upload.
      release();
    }
  });
  return router;
}
