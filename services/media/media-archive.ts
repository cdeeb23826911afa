import type { Readable } from 'node:stream';
import {
  isRecordId,
  type MediaExport,
  type MediaImportCheck,
  type MediaImported,
} from '@dayframe/contracts';
import { byteQuotaExceeded } from '@dayframe/service-kit/limits';
import { findMediaByIds, usedBytes } from './data/media-repo.ts';
import { allMediaOf, heldHashes, mediaWithHash } from './data/archive-queries.ts';
import { addMedia } from './add-media.ts';
import { deleteMedia, mediaNotFound } from './media-items.ts';
import { originalKey, servedKey } from './storage-keys.ts';
import type { MediaScope } from './scope.ts';

// Media's part of the archive (decision 0050): the list and the files an export carries, and
// the files an import brings back. The archive calls these in-process (embedded) or through
// `/internal/export*` and `/internal/import*` (http/internal-routes.ts).

/** Every file of the account, oldest first, as `dayframe.json`'s `media` list describes it. */
export async function exportMediaList(scope: MediaScope, userId: string): Promise<MediaExport> {
  const rows = await allMediaOf(scope.db, userId);
  return {
    media: rows.map((row) => ({
      id: row.id,
      contentType: row.contentType,
      bytes: row.bytes,
      sha256: row.contentHash,
      ...(row.takenAt ? { takenAt: row.takenAt } : {}),
    })),
  };
}

/**
 * One of the account's files as it was uploaded (an image's private original, EXIF and all,
 * else the stored file): the export is the person's own backup, so it carries what they gave.
 * 404 for a file that is not theirs.
 */
export async function openExportedFile(
  scope: MediaScope,
  userId: string,
  id: string,
): Promise<Readable> {
  const [media] = isRecordId(id) ? await findMediaByIds(scope.db, userId, [id]) : [];
  if (!media) throw mediaNotFound();
  const body =
    (media.hasOriginal ? await scope.storage.get(originalKey(userId, id)) : null) ??
    (await scope.storage.get(servedKey(userId, id)));
  if (!body) throw mediaNotFound();
  return body;
}

/**
 * Before an import stores anything: how many of its files' bytes the account does not hold yet
 * (same hash: the file is reused, counting nothing), refused with the quota's 409 when they
 * would not fit.
 */
export async function checkMediaImport(
  scope: MediaScope,
  userId: string,
  check: MediaImportCheck,
): Promise<{ newBytes: number }> {
  const held = await heldHashes(scope.db, userId, [...new Set(check.files.map((f) => f.sha256))]);
  const counted = new Set<string>();
  let newBytes = 0;
  for (const file of check.files) {
    if (held.has(file.sha256) || counted.has(file.sha256)) continue;
    counted.add(file.sha256);
    newBytes += file.bytes;
  }
  if ((await usedBytes(scope.db, userId)) + newBytes > scope.quotas.bytes)
    throw byteQuotaExceeded(scope.quotas.bytes, 'files');
  return { newBytes };
}

/**
 * Stores one imported file exactly as an upload is stored (`addMedia`: its type from its bytes,
 * 25 MB, EXIF stripped, the quota), unless the account already holds the same bytes: then that
 * file's id, and nothing is stored or counted. `sha256` is the archive's own hash of the bytes
 * it sends, so a file held already is answered without reading them; the stored file's hash is
 * checked again afterwards, so a wrong or absent one only costs a copy, never a wrong file.
 */
export async function importMediaFile(
  scope: MediaScope,
  userId: string,
  upload: { file: Readable; sha256?: string; stop(): void },
): Promise<MediaImported> {
  const held = upload.sha256 ? await mediaWithHash(scope.db, userId, upload.sha256) : null;
  if (held) {
    upload.stop();
    return { id: held.id, created: false };
  }
  const added = await addMedia(scope, userId, {
    file: upload.file,
    // addMedia asks only once it has stored the stream whole: one file, all read.
    finished: Promise.resolve({ files: 1 }),
    stop: upload.stop,
  });
  const [stored] = await findMediaByIds(scope.db, userId, [added.id]);
  const first = stored ? await mediaWithHash(scope.db, userId, stored.contentHash) : null;
  if (first && first.id !== added.id) {
    await deleteMedia(scope, userId, added.id);
    return { id: first.id, created: false };
  }
  return { id: added.id, created: true };
}
