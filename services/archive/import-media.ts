import {
  ARCHIVE_MESSAGES,
  MEDIA_LIMITS,
  MEDIA_SCHEME,
  type ImportCounts,
} from '@dayframe/contracts';
import { HttpError, badRequest } from '@dayframe/service-kit/http';
import type { ArchiveAsk, ArchiveSources } from './archive-sources.ts';
import type { ImportPlan } from './import-plan.ts';
import { FileTooLarge, zipFiles, type ZipFiles } from './zip-files.ts';

/** The files an import stores, each once, measured before anything is written. */
export type MeasuredMedia = {
  zip: ZipFiles;
  /** By path in the zip: the bytes' sha256 and length. */
  files: Map<string, { sha256: string; bytes: number }>;
};

/**
 * Reads each file the plan refers to once, through a hash: 413 naming a file past 25 MB, 400
 * naming one whose bytes are not what `dayframe.json` lists (a file changed or swapped in the
 * zip). Nothing is stored. Null when the plan has no files.
 */
export async function measureMedia(
  upload: Buffer,
  plan: ImportPlan,
): Promise<MeasuredMedia | null> {
  if (!plan.media.length) return null;
  const zip = await zipFiles(upload, MEDIA_LIMITS.fileBytes);
  const files = new Map<string, { sha256: string; bytes: number }>();
  try {
    for (const item of plan.media) {
      let measured = files.get(item.file);
      if (!measured) {
        measured = await zip.measure(item.file).catch((error: unknown) => {
          if (error instanceof FileTooLarge)
            throw new HttpError(
              413,
              `${item.file} ${ARCHIVE_MESSAGES.mediaFileTooLarge}`,
              'payload_too_large',
            );
          throw badRequest(ARCHIVE_MESSAGES.badZip, 'bad_zip');
        });
        files.set(item.file, measured);
      }
      const listed = item.listed;
      if (listed && (listed.sha256 !== measured.sha256 || listed.bytes !== measured.bytes))
        throw badRequest(`${item.file} ${ARCHIVE_MESSAGES.mediaFileChanged}`, 'invalid_archive');
    }
  } catch (error) {
    zip.close();
    throw error;
  }
  // Closed by the caller once the files are stored (or the import refused).
  return { zip, files };
}

/** Media's check that the new files fit the caller's quota (its 409 otherwise); nothing stored. */
export async function checkMediaQuota(
  sources: ArchiveSources,
  ask: ArchiveAsk,
  measured: MeasuredMedia | null,
): Promise<void> {
  if (!measured) return;
  await sources.checkMediaImport(ask, { files: [...measured.files.values()] });
}

/**
 * Stores each file through media, one at a time (the same bytes the account holds already are
 * answered with that file's id), then puts the new ids in place of the old in every entry's
 * title, content and earlier versions. Files stored before a later failure are referred to by
 * no entry: media's sweep of unreferenced files removes them after a day (decision 0050).
 */
export async function storeMedia(
  sources: ArchiveSources,
  ask: ArchiveAsk,
  plan: ImportPlan,
  measured: MeasuredMedia | null,
): Promise<{ plan: ImportPlan; counts: ImportCounts['media'] }> {
  const counts = { created: 0, skipped: 0 };
  if (!measured) return { plan, counts };
  const stored = new Map<string, string>();
  for (const [path, { sha256 }] of measured.files) {
    const file = await measured.zip.open(path);
    const answer = await sources
      .importMedia(ask, { file, sha256, stop: () => file.destroy() })
      .catch((error: unknown) => {
        file.destroy();
        // Media's refusal of this file (a kind it does not keep: 415; an unreadable image: 422)
        // names the file, as every other refusal of an import does; the quota's keeps its words.
        if (error instanceof HttpError && error.status !== 409)
          throw new HttpError(error.status, `${path}: ${error.message}`, error.code);
        throw error;
      });
    stored.set(path, answer.id);
    counts[answer.created ? 'created' : 'skipped'] += 1;
  }
  const ids = new Map(plan.media.map((item) => [item.id, stored.get(item.file)!]));
  return { plan: withMediaIds(plan, ids), counts };
}

/** `](media:<old>)` → `](media:<new>)` for the ids in `ids` (lower-case keys); others as written. */
const REFERENCE = new RegExp(`(\\]\\(${MEDIA_SCHEME})([A-Za-z0-9-]{1,64})(?=[\\s)])`, 'g');

export function withMediaIds(plan: ImportPlan, ids: Map<string, string>): ImportPlan {
  const swap = (text: string) =>
    text.replace(REFERENCE, (whole, head: string, id: string) => {
      const now = ids.get(id.toLowerCase());
      return now ? `${head}${now}` : whole;
    });
  const journals = plan.journals.journals.map((journal) => ({
    ...journal,
    entries: journal.entries.map((entry) => ({
      ...entry,
      title: swap(entry.title),
      content: swap(entry.content),
      history: entry.history.map((version) => ({
        ...version,
        title: swap(version.title),
        content: swap(version.content),
      })),
    })),
  }));
  return { ...plan, journals: { journals } };
}
