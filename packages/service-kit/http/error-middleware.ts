import type { Context, Next } from 'koa';
import { HttpError } from './errors.ts';
import { isDatabaseUnavailable } from '../db/database-errors.ts';
import type { AppState } from './request-context.ts';

type ParserError = { status?: number; statusCode?: number; type?: string; expose?: boolean };

/**
 * Turns anything thrown below into the one error body `{ message, code }`. Only `HttpError`
 * messages and the body parser's known failures reach the client; everything else is a
 * generic 500 logged with the request id, so no stack trace or SQL ever leaves the process.
 */
export function errorMiddleware() {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
      // Answers with no body (no route, a method the route lacks) still get the one error shape.
      // A method nothing here implements (TRACE, PROPFIND) is the client's mistake: 405, not 501.
      if (ctx.status === 501) ctx.status = 405;
      const bare = BARE_STATUSES[ctx.status];
      if (bare && ctx.body === undefined && ctx.respond !== false) {
        respond(ctx, ctx.status, ...bare);
      }
    } catch (error) {
      if (ctx.headerSent || ctx.respond === false) {
        (ctx.state as AppState).log?.warn(
          { err: loggableError(error) },
          'error after the response started',
        );
        return;
      }
      const known = toHttpError(error);
      if (known) {
        for (const [name, value] of Object.entries(known.headers)) ctx.set(name, value);
        respond(ctx, known.status, known.message, known.code);
        return;
      }
      const log = (ctx.state as AppState).log;
      if (isDatabaseUnavailable(error)) {
        log?.error({ err: loggableError(error) }, 'database unavailable');
        respond(ctx, 503, 'Service temporarily unavailable. Try again in a moment.', 'unavailable');
        return;
      }
      log?.error({ err: loggableError(error) }, 'unhandled error');
      respond(ctx, 500, 'Something went wrong on our side. Try again.', 'internal');
    }
  };
}

/**
 * What of an unexpected error goes into the log: its kind, message, codes and stack, and
 * nothing else. Drivers hang the query on the error (mysql2's `sql` has the values filled in,
 * knex adds `bindings`), so the error object itself is never logged whole.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const e = error as Error & { code?: unknown; errno?: unknown; sqlState?: unknown };
  return {
    type: e.name,
    message: e.message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.errno === 'number' ? { errno: e.errno } : {}),
    ...(typeof e.sqlState === 'string' ? { sqlState: e.sqlState } : {}),
    stack: e.stack,
  };
}

const BARE_STATUSES: Record<number, [message: string, code: string]> = {
  404: ['Not found', 'not_found'],
  405: ['This method is not allowed here.', 'method_not_allowed'],
};

function respond(ctx: Context, status: number, message: string, code: string) {
  ctx.status = status;
  ctx.body = { message, code };
}

function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  const e = error as ParserError | null;
  if (!e || typeof e !== 'object') return null;
  const status = e.status ?? e.statusCode;
  // co-body marks a body that is not JSON (or tries prototype poisoning) as a 400 SyntaxError.
  if (error instanceof SyntaxError && status === 400) {
    return new HttpError(400, 'The request body is not valid JSON.', 'invalid_json');
  }
  switch (e.type) {
    case 'entity.too.large':
      return new HttpError(413, 'The request body is too large.', 'payload_too_large');
    case 'entity.parse.failed':
      return new HttpError(400, 'The request body is not valid JSON.', 'invalid_json');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'Send the body as UTF-8 JSON.', 'unsupported_encoding');
    case 'request.aborted':
      return new HttpError(400, 'The request was aborted.', 'aborted');
    case 'request.size.invalid':
      return new HttpError(
        400,
        'The request body length does not match Content-Length.',
        'bad_length',
      );
  }
  // Koa's own ctx.throw errors (e.g. a malformed URL) are safe to show.
  if (typeof status === 'number' && status >= 400 && status < 500 && e.expose) {
    return new HttpError(status, 'The request could not be understood.', 'bad_request');
  }
  return null;
}
