import { ARCHIVE_MESSAGES, type ExportQuery, type ImportCounts } from '@dayframe/contracts';
import { serviceUnavailable, type Logger } from '@dayframe/service-kit/http';
import { SourceDown, type ArchiveAsk } from './archive-sources.ts';
import type { ArchiveScope } from './scope.ts';
import { readUpload } from './read-upload.ts';
import { writeBothParts } from './import-commit.ts';
import { checkMediaQuota, measureMedia, storeMedia } from './import-media.ts';
import { openExport, type ExportReader } from './export-reader.ts';

/** An owner that did not answer becomes the 503 of the whole call (logged with the cause). */
async function orUnavailable<T>(log: Logger, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof SourceDown)) throw error;
    log.warn({ err: error.message, cause: String(error.cause) }, 'archive source failed');
    throw serviceUnavailable(ARCHIVE_MESSAGES.unavailable, 'archive_unavailable');
  }
}

/** Opens the caller's export (see openExport); an owner down at the start answers 503. */
export function startExport(
  scope: ArchiveScope,
  ask: ArchiveAsk,
  query: ExportQuery,
  options: { log: Logger; now: number },
): Promise<ExportReader> {
  return orUnavailable(options.log, () =>
    openExport(scope.sources, ask, query, { ...options, pageSize: scope.exportPageSize }),
  );
}

/**
 * Imports an upload: read and check it whole (nothing written on any problem), then have both
 * owners write their parts, both or neither (writeBothParts: a dry run at each, then each
 * commits under one import id, undone when the other fails). Each owner's write is one
 * transaction and skips what it already has (through unique keys), so after a failure the same
 * file again completes without duplicates. The files the entries refer to are measured and
 * checked against media's quota with everything else, then stored (deduplicated by their bytes)
 * between the dry runs and the commits, so the entries are written with media's new ids.
 */
export async function importUpload(
  scope: ArchiveScope,
  ask: ArchiveAsk,
  upload: { bytes: Buffer; journalName?: string },
  log: Logger,
): Promise<ImportCounts> {
  const files = await readUpload(
    upload.bytes,
    upload.journalName ? `${upload.journalName}.json` : 'the uploaded JSON',
  );
  // Parsed and planned in a worker, whose limits bound what a hostile file costs.
  const plan = await scope.planner.plan(files, upload.journalName);
  const measured = await measureMedia(upload.bytes, plan);
  try {
    return await orUnavailable(log, async () => {
      let media: ImportCounts['media'] = { created: 0, skipped: 0 };
      await checkMediaQuota(scope.sources, ask, measured);
      const counts = await writeBothParts(scope.sources, ask, plan, log, async (checked) => {
        const stored = await storeMedia(scope.sources, ask, checked, measured);
        media = stored.counts;
        return stored.plan;
      });
      return { ...counts, media, photosMissing: plan.photosMissing };
    });
  } finally {
    measured?.zip.close();
  }
}
