import { ApiError, localToday, session, withConfirmation } from '@dayframe/web-kit';
import type { ImportCounts } from '@dayframe/contracts';

const NETWORK = 'Could not reach the server. Check your connection and try again.';

function authHeaders(): Record<string, string> {
  const token = session.getState().token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function refusal(response: Response, fallback: string): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as {
    message?: string;
    code?: string;
  } | null;
  return body?.message
    ? new ApiError(response.status, body.message, body.code ?? 'UNKNOWN', true)
    : new ApiError(response.status, fallback, 'UNKNOWN');
}

/**
 * Downloads the whole export as a zip, reporting the bytes received so far (the zip is streamed,
 * so its size is not known up front), and hands it to the browser as a file to save. The export
 * needs a recent confirmation: the first refusal opens "Confirm it's you", then it runs again.
 */
export async function downloadExport(onProgress: (bytes: number) => void): Promise<string> {
  const response = await withConfirmation(async (confirmation) => {
    let answer: Response;
    try {
      answer = await fetch(`/api/export?today=${localToday()}`, {
        headers: { ...authHeaders(), ...confirmation },
      });
    } catch {
      throw new ApiError(0, NETWORK, 'NETWORK');
    }
    if (!answer.ok || !answer.body) throw await refusal(answer, 'The export failed.');
    return { headers: answer.headers, body: answer.body };
  });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `dayframe-export-${localToday()}.zip`;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received);
  }
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/** Sends a Dayframe or Day One export (zip or JSON) as it is; answers what was added. */
export async function importFile(file: File): Promise<ImportCounts> {
  const isJson = file.name.toLowerCase().endsWith('.json') || file.type === 'application/json';
  const query = isJson ? `?journal=${encodeURIComponent(file.name.replace(/\.json$/i, ''))}` : '';
  let response: Response;
  try {
    response = await fetch(`/api/import${query}`, {
      method: 'POST',
      headers: {
        ...authHeaders(),
        'Content-Type': isJson ? 'application/json' : 'application/zip',
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, NETWORK, 'NETWORK');
  }
  if (!response.ok) throw await refusal(response, 'The import failed.');
  return (await response.json()) as ImportCounts;
}
