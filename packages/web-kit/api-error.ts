/** A failed call: the HTTP status (0 when the server could not be reached) and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** True when the server answered with its own `{ message }`, false for a generic stand-in. */
  readonly fromServer: boolean;

  constructor(status: number, message: string, code = 'UNKNOWN', fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
  }
}

/** True when `error` is an ApiError with one of `statuses` (any status when none are given). */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}

/**
 * The server's words when a create met a per-user quota ('You have reached the limit of 1,000
 * journals.'), else null: screens show them instead of their generic failure toast.
 */
export function quotaMessage(error: unknown): string | null {
  return isApiError(error, 409) && error.code === 'quota_exceeded' && error.fromServer
    ? error.message
    : null;
}
