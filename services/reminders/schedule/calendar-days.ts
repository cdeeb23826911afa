/**
 * Arithmetic on `YYYY-MM-DD` local days. `Date.UTC` is used only as a day counter: no time zone
 * takes part, so no day can shift.
 */

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function fromDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The day `count` days after `date` (before, when negative). */
export function addDays(date: string, count: number): string {
  return fromDayNumber(dayNumber(date) + count);
}

/** The ISO weekday of a day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  // Day 0 of the epoch, 1970-01-01, was a Thursday (4).
  return ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;
}
