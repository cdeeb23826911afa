// Kept apart from database.ts: the error middleware needs it, and must not load knex with it
// (the gateway uses the middleware and has no database driver).

/** True when the error means the database could not be reached (mapped to 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; name?: string; message?: string } | null;
  if (!e) return false;
  const codes = [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'PROTOCOL_CONNECTION_LOST',
    'PROTOCOL_SEQUENCE_TIMEOUT',
    'ER_CON_COUNT_ERROR',
    'SQLITE_BUSY',
    'ER_LOCK_WAIT_TIMEOUT',
    'ER_SERVER_SHUTDOWN',
  ];
  if (e.code && codes.includes(e.code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  return /connection.*(closed|lost|refused)|Can't add new command when connection is in closed state/i.test(
    e.message ?? '',
  );
}
