import Router from '@koa/router';
import { z } from 'zod';
import { ARCHIVE_MESSAGES, mediaImportCheck } from '@dayframe/contracts';
import { parseInput, readJsonBody } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import {
  checkMediaImport,
  exportMediaList,
  importMediaFile,
  openExportedFile,
} from '../media-archive.ts';
import type { MediaScope } from '../scope.ts';

/** The paths whose bodies these routes read themselves (createServiceApp's `ownBodies`). */
export const INTERNAL_OWN_BODIES = ['/internal/import', '/internal/import/check'];

/** A list of 10,000 hashes and sizes, the most an import's zip can hold, with room to spare. */
const CHECK_BODY_LIMIT = 2 * 1024 * 1024;

const fileQuery = z.object({ id: z.string({ error: 'id is missing' }).max(64) });
const importQuery = z.object({
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: 'sha256 must be 64 hex digits' })
    .optional(),
});

/**
 * Media's part of the archive on the internal network, with the caller's own token (so only
 * that person's files are read or added): `GET /internal/export` (the list),
 * `GET /internal/export/file?id=` (one file as uploaded), `POST /internal/import/check` (would
 * these files fit?) and `POST /internal/import?sha256=` (one file, its bytes the raw body).
 */
export function internalRoutes(scope: MediaScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/internal' });
  const signedIn = authenticate(auth.tokens, auth.checkSession);
  router.get('/export', signedIn, async (ctx) => {
    ctx.body = await exportMediaList(scope, currentUser(ctx).id);
  });
  router.get('/export/file', signedIn, async (ctx) => {
    const { id } = parseInput(fileQuery, ctx.query);
    ctx.type = 'application/octet-stream';
    ctx.body = await openExportedFile(scope, currentUser(ctx).id, id);
  });
  router.post('/import/check', signedIn, async (ctx) => {
    const body = await readJsonBody(ctx, {
      limit: CHECK_BODY_LIMIT,
      tooLarge: ARCHIVE_MESSAGES.tooManyFiles,
      tooLargeCode: 'too_many_files',
    });
    ctx.body = await checkMediaImport(
      scope,
      currentUser(ctx).id,
      parseInput(mediaImportCheck, body),
    );
  });
  router.post('/import', signedIn, async (ctx) => {
    const { sha256 } = parseInput(importQuery, ctx.query);
    ctx.body = await importMediaFile(scope, currentUser(ctx).id, {
      file: ctx.req,
      sha256,
      // Refused: the rest is read and dropped, so the archive's connection stays usable (the
      // archive sends at most one file of 25 MB, on the internal network).
      stop: () => ctx.req.resume(),
    });
  });
  return router;
}
