const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** pino's own fields, shown as the level and message or not at all. */
const POSTED = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg']);

/**
 * One line a process wrote, for a person watching several processes at once: prefixed with the
 * process's name, and a pino JSON record shown as `LEVEL message key=value …`.
 */
export function logLine(name: string, line: string, width = 8): string {
  const prefix = `${name.padEnd(width)} |`;
  let record: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new Error('not a record');
    record = parsed as Record<string, unknown>;
  } catch {
    return `${prefix} ${line}`;
  }
  const level = LEVELS[Number(record.level)] ?? 'LOG';
  const fields = Object.entries(record)
    .filter(([key]) => !POSTED.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [prefix, level, String(record.msg ?? ''), ...fields].filter(Boolean).join(' ');
}
