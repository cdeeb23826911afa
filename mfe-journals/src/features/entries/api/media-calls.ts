import { uploadFile } from '@dayframe/web-kit';
import type { MediaItem } from '@dayframe/contracts';

// An entry's files (decision 0048). Their links by id come from web-kit's `getMediaItems`, the
// one reader of `GET /api/media?ids=` every screen shares.

/** Uploads one file, reporting the bytes sent; aborting cancels it. */
export function uploadMedia(
  file: File,
  options: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal },
): Promise<MediaItem> {
  return uploadFile<MediaItem>('/media', file, options);
}
