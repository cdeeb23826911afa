import Router from '@koa/router';
import { ARCHIVE_MESSAGES, IMPORT_LIMITS, exportQuery } from '@dayframe/contracts';
import {
  HttpError,
  authenticate,
  bearerToken,
  currentUser,
  parseInput,
  readBody,
  type AppState,
  type Clock,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import type { Context } from 'koa';
import type { ArchiveAsk, ArchiveSources } from '../archive-sources.ts';
import { importUpload, startExport } from '../archive-use-cases.ts';
import { dayframeJson, textStream } from '../export-json.ts';
import { exportZip } from '../export-zip.ts';

const UPLOAD_TYPES = [
  'application/zip',
  'application/x-zip-compressed',
  'application/json',
  'application/octet-stream',
];

function askOf(http: Context): ArchiveAsk {
  const state = http.state as AppState;
  return { userId: currentUser(http).id, token: bearerToken(http)!, requestId: state.requestId };
}

/** `GET /api/export` (zip, or `?format=json`; either streamed as the owners' pages arrive) and `POST /api/import` (zip or JSON body). */
export function archiveRoutes(
  sources: ArchiveSources,
  deps: { tokens: Tokens; checkSession: SessionCheck; clock: Clock; exportPageSize: number },
): Router {
  const router = new Router({ prefix: '/api' });
  const signedIn = authenticate(deps.tokens, deps.checkSession);

  router.get('/export', signedIn, async (http) => {
    const query = parseInput(exportQuery, http.query);
    const now = deps.clock.now();
    const reader = await startExport(sources, askOf(http), query, {
      log: (http.state as AppState).log,
      now,
      pageSize: deps.exportPageSize,
    });
    // The caller's local date names the file; without it, today in UTC.
    const day = query.today ?? new Date(now).toISOString().slice(0, 10);
    const extension = query.format === 'json' ? 'json' : 'zip';
    http.set('Content-Disposition', `attachment; filename="dayframe-export-${day}.${extension}"`);
    http.set('Cache-Control', 'no-store');
    if (query.format === 'json') {
      http.type = 'application/json';
      http.body = textStream(dayframeJson(reader));
      return;
    }
    http.type = 'application/zip';
    http.body = exportZip(reader);
  });

  router.post('/import', signedIn, async (http) => {
    if (!UPLOAD_TYPES.some((type) => http.is(type)))
      throw new HttpError(415, ARCHIVE_MESSAGES.notArchive, 'unsupported_media_type');
    const bytes = await readBody(http, {
      limit: IMPORT_LIMITS.uploadBytes,
      tooLarge: ARCHIVE_MESSAGES.tooLarge,
    });
    const journal = typeof http.query.journal === 'string' ? http.query.journal : undefined;
    http.body = await importUpload(
      sources,
      askOf(http),
      { bytes, journalName: journal },
      (http.state as AppState).log,
    );
  });
  return router;
}
