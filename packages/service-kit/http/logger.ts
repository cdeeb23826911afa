import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * One root logger per process, JSON lines on stdout. Anything that could carry a secret is
 * redacted by path as a second line of defence: code should not log secrets in the first place.
 */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    redact: {
      paths: [
        'password',
        'newPassword',
        'otp',
        'code',
        'token',
        '*.password',
        '*.newPassword',
        '*.otp',
        '*.token',
        'confirmation',
        '*.confirmation',
        'req.headers.authorization',
        'headers.authorization',
        "req.headers['x-confirmation']",
        "headers['x-confirmation']",
      ],
      censor: '[redacted]',
    },
  });
}

/** A logger that drops everything, for tests that assert on behaviour rather than logs. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** A logger that keeps every line (parsed), for tests that assert what was logged. */
export function recordingLogger(): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { log, lines };
}
