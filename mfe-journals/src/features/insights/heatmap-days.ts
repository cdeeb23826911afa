import { dateOfDayNumber, dayNumber } from '@dayframe/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 52 whole weeks back from this one: at most 364 days, within the API's 366-day window. */
export const WEEKS_SHOWN = 52;

/** "Nov 2, 2026" from `2026-11-02`, without a time zone in sight. */
export function spokenDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** "3 entries on Nov 2, 2026", "No entries on …", "1 entry on …". */
export function dayLabel(date: string, count: number): string {
  const what = count === 0 ? 'No entries' : `${count} ${count === 1 ? 'entry' : 'entries'}`;
  return `${what} on ${spokenDate(date)}`;
}

/** A known Monday, to count weekdays from (day numbers start at 0000-03-01, not a Monday). */
const A_MONDAY = dayNumber('2024-01-01');

/** Monday 0 … Sunday 6. */
export function weekday(date: string): number {
  return (((dayNumber(date) - A_MONDAY) % 7) + 7) % 7;
}

/**
 * The heatmap's columns: whole weeks, Monday first, the last one holding `today` (its days after
 * today are null). Left to right is oldest to newest.
 */
export function heatmapWeeks(today: string, weeks = WEEKS_SHOWN): (string | null)[][] {
  const todayNumber = dayNumber(today);
  const lastMonday = todayNumber - weekday(today);
  const firstMonday = lastMonday - (weeks - 1) * 7;
  return Array.from({ length: weeks }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => {
      const n = firstMonday + w * 7 + d;
      return n <= todayNumber ? dateOfDayNumber(n) : null;
    }),
  );
}

/** The window the writing call asks for: exactly the days the heatmap shows. */
export function writingWindow(today: string): { from: string; to: string } {
  return { from: heatmapWeeks(today)[0]![0]!, to: today };
}

export function shortMonth(date: string): string {
  return MONTHS[Number(date.slice(5, 7)) - 1]!;
}
