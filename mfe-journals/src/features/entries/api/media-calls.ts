import { api, uploadFile } from '@dayframe/web-kit';
import { MEDIA_LIMITS, type MediaItem } from '@dayframe/contracts';

// An entry's files (decision 0048): uploads, and fresh signed links for the ids its text names.

/** The caller's items for `ids` (at most `MEDIA_LIMITS.idsPerRequest`), in that order; missing ones left out. */
export function getMediaItems(ids: readonly string[], signal?: AbortSignal): Promise<MediaItem[]> {
  if (ids.length > MEDIA_LIMITS.idsPerRequest) throw new RangeError('Too many ids for one request');
  return api.get<MediaItem[]>('/media', { query: { ids: ids.join(',') }, signal });
}

/** Uploads one file, reporting the bytes sent; aborting cancels it. */
export function uploadMedia(
  file: File,
  options: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal },
): Promise<MediaItem> {
  return uploadFile<MediaItem>('/media', file, options);
}
