import type { MediaItem } from '@dayframe/contracts';
import type { ApiClient } from './http.ts';

/** Adds one file over `POST /api/media` (multipart, as the editor sends it); the raw answer. */
export function addMediaFile(
  baseUrl: string,
  token: string,
  file: { name: string; bytes: Uint8Array },
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return fetch(new URL('/api/media', baseUrl), {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * The item of file `id` once its background job has made its thumbnail (polled with a
 * deadline: the job runs after the upload's answer).
 */
export async function itemWithThumbnail(
  api: ApiClient,
  token: string,
  id: string,
  timeoutMs = 15_000,
): Promise<MediaItem & { thumbnailUrl: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [item] = (await api.call('GET', `/api/media?ids=${id}`, { token })).body as MediaItem[];
    if (item?.thumbnailUrl) return item as MediaItem & { thumbnailUrl: string };
    if (Date.now() > deadline) throw new Error(`no thumbnail for ${id} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
