import { ApiError } from './api-error.ts';
import { sessionEnded } from './api-client.ts';
import { TOKEN_KEY } from './token-storage.ts';
import { readStorage } from './storage.ts';

export type UploadOptions = {
  /** The multipart field the file goes in (`file` for `POST /api/media`). */
  field?: string;
  /** Bytes sent so far of the whole request body, as the browser reports them. */
  onProgress?: (sent: number, total: number) => void;
  /** Aborting stops the upload; the promise then rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Where the API lives (default `/api`, as for `api`). */
  baseUrl?: string;
};

/**
 * POSTs one file as multipart/form-data with the session's bearer token and answers the JSON
 * body, like `api.post`. It uses XMLHttpRequest because `fetch` reports no upload progress. The
 * token and the session's end are `api`'s: a 401 for the stored token signs out once, and the
 * call never settles (the screen is about to be /login); a refusal is an `ApiError` with the
 * server's message and code.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const { field = 'file', onProgress, signal, baseUrl = '/api' } = options;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${baseUrl.replace(/\/$/, '')}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readStorage(TOKEN_KEY);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    xhr.onerror = () => {
      done();
      reject(
        new ApiError(
          0,
          'Could not reach the server. Check your connection and try again.',
          'NETWORK',
        ),
      );
    };
    xhr.onload = () => {
      done();
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status === 401 && token) {
        signal?.addEventListener('abort', () => reject(aborted()), { once: true });
        return sessionEnded(token);
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      const payload = (data ?? {}) as { message?: unknown; code?: unknown };
      const hasMessage = typeof payload.message === 'string' && payload.message.length > 0;
      reject(
        new ApiError(
          xhr.status,
          hasMessage ? (payload.message as string) : `Upload failed (${xhr.status})`,
          typeof payload.code === 'string' ? payload.code : 'UNKNOWN',
          hasMessage,
        ),
      );
    };
    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}
