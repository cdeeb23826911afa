import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { errorBody, mediaImported, type MediaImported } from '@dayframe/contracts';
import { HttpError } from '@dayframe/service-kit/http';
import { SERVICE_TOKEN_HEADER, type ServiceCaller } from '@dayframe/service-kit/tokens';
import { SourceDown, type ArchiveAsk, type MediaUpload } from './archive-sources.ts';

// The two calls to media that carry a file's bytes rather than JSON (the internal client speaks
// JSON only): a file of the export read as a stream, a file of an import sent as one. Both with
// the archive's service token and the caller's own, as every internal call.

type MediaLink = { url: string; caller: ServiceCaller; timeoutMs: number };

function headers(link: MediaLink, who: ArchiveAsk): Record<string, string> {
  return {
    [SERVICE_TOKEN_HEADER]: link.caller.tokenFor('media'),
    authorization: `Bearer ${who.token}`,
    ...(who.requestId ? { 'x-request-id': who.requestId } : {}),
  };
}

/** Media's own refusal (a 4xx with the error body) as the same HttpError; else a SourceDown. */
async function refusal(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  if (response.status >= 400 && response.status < 500 && response.status !== 408) {
    try {
      const body = errorBody.safeParse(JSON.parse(text));
      if (body.success) return new HttpError(response.status, body.data.message, body.data.code);
    } catch {
      // not JSON: media did not answer as itself
    }
  }
  return new SourceDown('media', new Error(`media answered ${response.status}`));
}

/**
 * `fetch` bounded by the deadline until the answer's headers arrive; a file's body then streams
 * at the pace of whoever reads it (a download, or media storing it), which no deadline fits.
 */
async function send(link: MediaLink, path: string, init: RequestInit): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), link.timeoutMs);
  try {
    return await fetch(new URL(path, link.url), { ...init, signal: abort.signal });
  } catch (error) {
    throw new SourceDown('media', error);
  } finally {
    clearTimeout(timer);
  }
}

/** One of the caller's files, as uploaded, streamed from media (`GET /internal/export/file`). */
export async function downloadMedia(link: MediaLink, who: ArchiveAsk, id: string) {
  const response = await send(link, `/internal/export/file?id=${encodeURIComponent(id)}`, {
    headers: headers(link, who),
  });
  if (response.status !== 200 || !response.body) throw await refusal(response);
  return Readable.fromWeb(response.body as NodeReadableStream);
}

/** One file for the caller, its bytes the body of `POST /internal/import?sha256=`. */
export async function uploadMedia(
  link: MediaLink,
  who: ArchiveAsk,
  upload: MediaUpload,
): Promise<MediaImported> {
  const query = upload.sha256 ? `?sha256=${upload.sha256}` : '';
  const response = await send(link, `/internal/import${query}`, {
    method: 'POST',
    headers: { ...headers(link, who), 'content-type': 'application/octet-stream' },
    body: Readable.toWeb(upload.file) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (response.status !== 200) throw await refusal(response);
  const answer = mediaImported.safeParse(await response.json().catch(() => null));
  if (!answer.success) throw new SourceDown('media', new Error('media answered no id'));
  return answer.data;
}
