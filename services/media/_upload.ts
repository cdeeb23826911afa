import { request } from 'node:http';

// An answer's JSON body: what each test expects of it is its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/** A multipart upload of `files` (field name, file name, bytes), as a browser's FormData sends it. */
export async function upload(
  baseUrl: string,
  token: string | undefined,
  files: { name: string; bytes: Buffer; field?: string }[],
  fields: Record<string, string> = {},
): Promise<{ status: number; body: Body }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(new URL('/api/media', baseUrl), {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Streams a multipart upload of `totalBytes` (a JPEG's first bytes, then filler) with no length
 * given, as fast as the server reads it, and says how it ended: the answer, if one came, and how
 * many bytes the server had taken by then.
 */
export function streamBigUpload(
  baseUrl: string,
  token: string,
  head: Buffer,
  totalBytes: number,
): Promise<{ status: number | null; body: Body; sentBytes: number }> {
  const boundary = 'dayframe-test-boundary';
  const url = new URL('/api/media', baseUrl);
  return new Promise((resolve) => {
    let sentBytes = 0;
    let settled = false;
    const finish = (result: { status: number | null; body: Body }) => {
      if (settled) return;
      settled = true;
      req.destroy();
      resolve({ ...result, sentBytes });
    };
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        finish({ status: res.statusCode ?? null, body: text ? JSON.parse(text) : undefined });
      });
      res.on('error', () => finish({ status: res.statusCode ?? null, body: undefined }));
    });
    req.on('error', () => finish({ status: null, body: undefined }));
    const chunk = Buffer.alloc(256 * 1024, 0x55);
    const write = () => {
      while (!settled && sentBytes < totalBytes) {
        const piece = sentBytes === 0 ? Buffer.concat([preamble(boundary), head]) : chunk;
        sentBytes += piece.length;
        if (!req.write(piece)) return void req.once('drain', write);
      }
      if (!settled) req.end(`\r\n--${boundary}--\r\n`);
    };
    write();
  });
}

function preamble(boundary: string): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
}
