/**
 * Where an instant falls on an account's wall clock, and which instant a wall-clock time is, in
 * an IANA zone, with nothing but `Intl`. Every reminder is computed through these two
 * (ARCHITECTURE.md §6), so daylight saving is handled in one place.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone`, as if that wall clock were UTC (ms). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms (whole seconds). */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/** The account's local day at `instant`, `YYYY-MM-DD`. */
export function localDateAt(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone))
    .toISOString()
    .slice(0, 10);
}

/**
 * The instant the wall clock of `timeZone` shows `time` (`HH:MM`) on `localDate`. A time the
 * clocks skip (02:30 on a spring-forward day) is the first instant after the gap, when the
 * clock shows the gap's end (03:00); a time they show twice (fall back) is its first showing.
 */
export function instantOf(localDate: string, time: string, timeZone: string): Date {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets a day either side hold every offset this wall time can have: zones do not change
  // twice within two days.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const shown = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => wall - offsetAt(instant, timeZone) === instant)
    .sort((a, b) => a - b);
  if (shown.length > 0) return new Date(shown[0]!);
  // Skipped: the clocks moved from `before` to `after` somewhere in [wall - after, wall - before].
  return new Date(transitionBetween(wall - after, wall - before, after, timeZone));
}

/** The first whole minute in (from, to] whose offset is `offset` (the end of a gap). */
function transitionBetween(from: number, to: number, offset: number, timeZone: string): number {
  let low = Math.floor(from / MINUTE_MS);
  let high = Math.ceil(to / MINUTE_MS);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(middle * MINUTE_MS, timeZone) === offset) high = middle;
    else low = middle;
  }
  return high * MINUTE_MS;
}
