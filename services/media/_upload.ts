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
): Promise<{ status: number; body: Body; headers: Headers }> {
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
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    headers: response.headers,
  };
}

/** What an upload answered, its headers aside: for comparing the whole answer. */
export function answered({ status, body }: { status: number; body: Body }) {
  return { status, body };
}

/**
 * Streams a multipart upload of `totalBytes` (a JPEG's first bytes, then filler) with no length
 * given, as fast as the server reads it, and says how it ended: the answer, if one came, and how
 * many bytes the server had taken by then.
 */
export async function streamBigUpload(
  baseUrl: string,
  token: string,
  head: Buffer,
  totalBytes: number,
): Promise<{ status: number | null; body: Body; sentBytes: number }> {
  const upload = openUpload(baseUrl, token);
  let sentBytes = 0;
  let done = false;
  void upload.answer.then(() => (done = true));
  const chunk = Buffer.alloc(256 * 1024, 0x55);
  const write = () => {
    while (!done && sentBytes < totalBytes) {
      const piece = sentBytes === 0 ? Buffer.concat([preamble(BOUNDARY), head]) : chunk;
      sentBytes += piece.length;
      if (!upload.req.write(piece)) return void upload.req.once('drain', write);
    }
    if (!done) upload.req.end(`\r\n--${BOUNDARY}--\r\n`);
  };
  write();
  return { ...(await upload.answer), sentBytes };
}

/**
 * Starts a multipart upload of a file beginning with `head` and holds it open, unfinished, as a
 * slow connection would, until `cut()`; `answer` settles if the server answers first.
 */
export function holdUpload(
  baseUrl: string,
  token: string,
  head: Buffer,
): { answer: Promise<{ status: number | null; body: Body }>; cut(): void } {
  const upload = openUpload(baseUrl, token);
  upload.req.write(Buffer.concat([preamble(BOUNDARY), head]));
  return { answer: upload.answer, cut: () => upload.req.destroy() };
}

const BOUNDARY = 'dayframe-test-boundary';

/** A multipart POST with no length given, its body left to the caller; the answer, if one comes. */
function openUpload(baseUrl: string, token: string) {
  const req = request(new URL('/api/media', baseUrl), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'transfer-encoding': 'chunked',
    },
  });
  const answer = new Promise<{ status: number | null; body: Body }>((resolve) => {
    let settled = false;
    const finish = (result: { status: number | null; body: Body }) => {
      if (settled) return;
      settled = true;
      req.destroy();
      resolve(result);
    };
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
  });
  return { req, answer };
}

function preamble(boundary: string): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
}
