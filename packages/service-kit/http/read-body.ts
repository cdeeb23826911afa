import type Koa from 'koa';
import { HttpError } from './errors.ts';

/**
 * The whole request body as bytes, for a route listed in `ownBodies`. Refused with 413 and
 * `tooLarge` (code `tooLargeCode`, `payload_too_large` by default) as soon as it passes `limit`
 * bytes (by its Content-Length before reading anything, else while reading), so an oversized
 * upload is never held in memory.
 */
export async function readBody(
  ctx: Koa.Context,
  options: { limit: number; tooLarge: string; tooLargeCode?: string },
): Promise<Buffer> {
  const refuse = () =>
    new HttpError(413, options.tooLarge, options.tooLargeCode ?? 'payload_too_large');
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > options.limit) {
    ctx.req.resume(); // drain, so the connection can answer
    throw refuse();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > options.limit) {
      ctx.req.resume();
      throw refuse();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** A JSON body read by `readBody`: 400 with `invalid` when it does not parse. */
export async function readJsonBody(
  ctx: Koa.Context,
  options: { limit: number; tooLarge: string; tooLargeCode?: string; invalid?: string },
): Promise<unknown> {
  if (!ctx.is('application/json'))
    throw new HttpError(
      415,
      'Send the request body as JSON (Content-Type: application/json).',
      'unsupported_media_type',
    );
  const bytes = await readBody(ctx, options);
  try {
    return JSON.parse(bytes.toString('utf-8'));
  } catch {
    throw new HttpError(400, options.invalid ?? 'The body is not valid JSON.', 'invalid_json');
  }
}
