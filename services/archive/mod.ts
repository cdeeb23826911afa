/**
 * The archive service: `GET /api/export` (a zip of `dayframe.json`, one Markdown file per entry
 * and `goals.md`; or `?format=json`; needs a step-up confirmation) and `POST /api/import` (a Dayframe export or a Day One
 * export, checked whole before anything is written). It owns no data and no database: it asks
 * journals and goals for their own parts through `ArchiveSources`, in-process (embedded) or
 * over their `/internal/export` and `/internal/import` (distributed).
 *
 * @example
 * import { createArchive, httpSources } from '@dayframe/archive';
 * import { serve } from '@dayframe/service-kit/http';
 * const sources = httpSources({ journalsUrl, goalsUrl }); // or inProcessSources({ exportJournals, ..., ready })
 * const archive = createArchive({ sources, tokens, checkSession, log });
 * await serve(archive.app.callback(), { port: 3005, log, onStop: archive.close });
 */
export { createArchive, type Archive, type ArchiveDeps } from './archive-service.ts';
export {
  pickSources,
  SourceDown,
  type ArchiveSources,
  type ArchiveAsk,
  type ImportStep,
} from './archive-sources.ts';
/** The export's file naming (`name`, `name-2`, ...), measured in bench/archive.bench.ts. */
export { uniqueNames } from './slugs.ts';
export { inProcessSources } from './in-process-sources.ts';
export { httpSources, ARCHIVE_SOURCE_TIMEOUT_MS } from './http-sources.ts';
