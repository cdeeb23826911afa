import Router from '@koa/router';
import { z } from 'zod';
import { ARCHIVE_MESSAGES, IMPORT_LIMITS, calendarQuery } from '@dayframe/contracts';
import { parseInput } from '../http/validate.ts';
import { readJsonBody } from '../http/read-body.ts';
import { authenticate, currentUser, type RouteAuth } from '../tokens/authenticate.ts';

/** One `GET /internal/export…` route: the caller's rows of one kind, a page at a time. */
export type ExportRoute = {
  /** Under `/internal`: `/export`, `/export/entries`. */
  path: string;
  read(userId: string, query: Record<string, unknown>): Promise<unknown>;
};

/** An export route whose query is checked with `schema` before `read` sees it. */
export function exportRoute<T extends z.ZodType>(
  path: string,
  schema: T,
  read: (userId: string, query: z.output<T>) => Promise<unknown>,
): ExportRoute {
  return { path, read: (userId, query) => read(userId, parseInput(schema, query)) };
}

/** What a content service answers on the internal network (see contentInternalRoutes). */
export type ContentInternals<Part> = {
  /** The caller's items between two dates, for the calendar. */
  calendarWindow(userId: string, window: { from: string; to: string }): Promise<unknown>;
  exports: ExportRoute[];
  /**
   * The caller's part of an import: checked with `schema`; `dryRun` only counts, a commit writes
   * under the archive's `importId`; `undo` takes back what that import id wrote (idempotent).
   */
  importPart: {
    schema: z.ZodType<Part>;
    add(userId: string, part: Part, step: ImportStep): Promise<unknown>;
    undo(userId: string, importId: string): Promise<{ removed: number }>;
  };
};

/** One step of an import's two phases: a dry run (counts and quotas), or the commit of one import. */
export type ImportStep = { dryRun: true } | { dryRun: false; importId: string };

/** `?dryRun=1`, or `?importId=<uuid>` naming the import a commit writes under. */
const importQuery = z
  .object({
    dryRun: z.literal('1').optional(),
    importId: z.uuid({ error: 'importId must be a UUID' }).optional(),
  })
  .refine((query) => (query.dryRun === undefined) !== (query.importId === undefined), {
    error: 'an import part is either a dry run or the commit of one importId',
  });

/**
 * An import part is bounded by `IMPORT_LIMITS.partBytes` (32 MB of JSON), not the 200 KB of a
 * form: the archive refuses an upload whose part would be larger, measured as it is sent, and
 * a pod of 384 Mi holds a part that size parsed and checked (decision 0040). The margin is for
 * whatever wraps the part in the body.
 */
export const IMPORT_PART_BODY_LIMIT = IMPORT_LIMITS.partBytes + 64 * 1024;

/**
 * `GET /internal/calendar-window?from=&to=` for the calendar, the `GET /internal/export…` routes
 * `POST /internal/import?dryRun=1|importId=` and `DELETE /internal/import/:importId` (undo) for
 * the archive, each with the caller's own token (so
 * only that user's rows are ever read or written). Not under `/api`, so the gateway never
 * exposes them; they are for services on the internal network.
 */
export function contentInternalRoutes<Part>(
  internals: ContentInternals<Part>,
  auth: RouteAuth,
): Router {
  const router = new Router({ prefix: '/internal' });
  // Each route signs in on its own: another service's `/internal/*` may share this process.
  const signedIn = authenticate(auth.tokens, auth.checkSession);
  router.get('/calendar-window', signedIn, async (ctx) => {
    const window = parseInput(calendarQuery, ctx.query);
    ctx.body = await internals.calendarWindow(currentUser(ctx).id, window);
  });
  for (const route of internals.exports)
    router.get(route.path, signedIn, async (ctx) => {
      ctx.body = await route.read(currentUser(ctx).id, ctx.query);
    });
  router.post('/import', signedIn, async (ctx) => {
    const query = parseInput(importQuery, ctx.query);
    const body = await readJsonBody(ctx, {
      limit: IMPORT_PART_BODY_LIMIT,
      tooLarge: ARCHIVE_MESSAGES.partTooLarge,
      tooLargeCode: 'import_part_too_large',
    });
    const part = parseInput(internals.importPart.schema, body);
    ctx.body = await internals.importPart.add(
      currentUser(ctx).id,
      part,
      query.importId ? { dryRun: false, importId: query.importId } : { dryRun: true },
    );
  });
  router.delete('/import/:importId', signedIn, async (ctx) => {
    const { importId } = parseInput(z.object({ importId: z.uuid() }), ctx.params);
    ctx.body = await internals.importPart.undo(currentUser(ctx).id, importId);
  });
  return router;
}
