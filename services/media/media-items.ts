import { z } from 'zod';
import {
  isRecordId,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type MediaItem,
  type MediaUsage,
  type MessageResponse,
} from '@dayframe/contracts';
import {
  badRequest,
  decodeCursor,
  encodeCursor,
  notFound,
  type Page,
  type PageRequest,
} from '@dayframe/service-kit/http';
import {
  deleteMediaRow,
  deleteMediaRows,
  findMedia,
  findMediaByIds,
  findMediaPage,
  someMediaOf,
  usedBytes,
} from './data/media-repo.ts';
import type { StoredMedia } from './data/media-row.ts';
import { fileUrl } from './signed-urls.ts';
import { keysOf } from './storage-keys.ts';
import type { MediaScope } from './scope.ts';

/** A stored file as the API shows it, with a fresh link signed for its owner. */
export function toMediaItem(scope: MediaScope, media: Omit<StoredMedia, 'seq'>): MediaItem {
  return {
    id: media.id,
    contentType: media.contentType,
    bytes: media.bytes,
    ...(media.width !== null && media.height !== null
      ? { width: media.width, height: media.height }
      : {}),
    ...(media.takenAt ? { takenAt: media.takenAt } : {}),
    createdAt: media.createdAt,
    url: fileUrl(scope, media),
    ...(media.thumbBytes !== null ? { thumbnailUrl: fileUrl(scope, media, 'thumb') } : {}),
    ...(media.displayBytes !== null ? { displayUrl: fileUrl(scope, media, 'display') } : {}),
  };
}

export function mediaNotFound() {
  return notFound(MEDIA_MESSAGES.notFound, 'media_not_found');
}

const position = z.object({ seq: z.number().int().positive() });

/** The caller's files, newest first, a page at a time (`Link` to the next). */
export async function listMedia(
  scope: MediaScope,
  userId: string,
  page: PageRequest,
): Promise<Page<MediaItem>> {
  const beforeSeq = page.cursor ? decodeCursor(page.cursor, position).seq : undefined;
  const rows = await findMediaPage(scope.db, userId, { beforeSeq, limit: page.limit + 1 });
  const shown = rows.slice(0, page.limit);
  const more = rows.length > page.limit;
  return {
    items: shown.map((row) => toMediaItem(scope, row)),
    next: more ? encodeCursor({ seq: shown[shown.length - 1]!.seq }) : null,
  };
}

/**
 * The caller's files among `ids` (comma-separated, at most `MEDIA_LIMITS.idsPerRequest`), in the
 * order asked, each once. An id that is not the caller's (or no longer exists) is left out, not
 * refused: an entry may still name a file deleted since, and another account's ids say nothing.
 */
export async function mediaByIds(
  scope: MediaScope,
  userId: string,
  asked: string | string[],
): Promise<MediaItem[]> {
  const ids = [
    ...new Set(
      (Array.isArray(asked) ? asked.join(',') : asked)
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MEDIA_LIMITS.idsPerRequest || !ids.every(isRecordId)) {
    throw badRequest(MEDIA_MESSAGES.badIds, 'bad_media_ids');
  }
  const found = new Map(
    (await findMediaByIds(scope.db, userId, ids)).map((media) => [media.id, media]),
  );
  return ids.flatMap((id) => {
    const media = found.get(id);
    return media ? [toMediaItem(scope, media)] : [];
  });
}

export async function mediaUsage(scope: MediaScope, userId: string): Promise<MediaUsage> {
  return { used: await usedBytes(scope.db, userId), quota: scope.quotas.bytes };
}

/**
 * Removes one of the caller's files: its bytes first, then its row, so a failure half-way leaves
 * the row to try again rather than a file nobody can find.
 */
export async function deleteMedia(
  scope: MediaScope,
  userId: string,
  id: string,
): Promise<MessageResponse> {
  const media = isRecordId(id) ? await findMedia(scope.db, id) : null;
  if (!media || media.userId !== userId) throw mediaNotFound();
  await Promise.all(keysOf(media).map((key) => scope.storage.delete(key)));
  if (!(await deleteMediaRow(scope.db, userId, id))) throw mediaNotFound();
  return { message: MEDIA_MESSAGES.deleted };
}

const ACCOUNT_BATCH = 100;

/** Every file and row of an account (account.deleted, the orphan sweep); idempotent. */
export async function deleteAccountMedia(scope: MediaScope, userId: string): Promise<void> {
  for (;;) {
    const batch = await someMediaOf(scope.db, userId, ACCOUNT_BATCH);
    if (batch.length === 0) return;
    await Promise.all(batch.flatMap(keysOf).map((key) => scope.storage.delete(key)));
    await deleteMediaRows(
      scope.db,
      userId,
      batch.map((media) => media.id),
    );
  }
}
