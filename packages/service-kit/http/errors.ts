/**
 * The one error type a use case throws. Its message is written for the person using the app;
 * the error middleware sends it as `{ message, code }` with `status`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function badRequest(message: string, code = 'bad_request'): HttpError {
  return new HttpError(400, message, code);
}

export function unauthorized(message = 'Please log in again.', code = 'unauthorized'): HttpError {
  return new HttpError(401, message, code);
}

export function forbidden(message: string, code = 'forbidden'): HttpError {
  return new HttpError(403, message, code);
}

export function notFound(message = 'Not found', code = 'not_found'): HttpError {
  return new HttpError(404, message, code);
}

export function conflict(message: string, code = 'conflict'): HttpError {
  return new HttpError(409, message, code);
}

export function tooManyRequests(
  message: string,
  retryAfterSeconds: number,
  code = 'too_many_requests',
): HttpError {
  return new HttpError(429, message, code, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

export function serviceUnavailable(
  message = 'Service temporarily unavailable. Try again in a moment.',
  code = 'unavailable',
): HttpError {
  return new HttpError(503, message, code);
}
