/** The zone this browser is in, as `Intl` names it (`Europe/Berlin`). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The zones the time zone field offers: every zone `Intl` lists, sorted, plus `also` (the
 * browser's own and the saved one) when the list lacks them, as it may for newer names
 * (`Asia/Kolkata` where the list has only `Asia/Calcutta`).
 */
export function timeZoneChoices(...also: string[]): string[] {
  const listed: string[] =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...listed, 'UTC', ...also.filter(Boolean)])].sort();
}

/** The wall-clock time it is at `now` in `timeZone` ("21:42"), or null for an unknown zone. */
export function timeIn(timeZone: string, now: Date): string | null {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(now);
  } catch {
    return null;
  }
}
