import { dateOfDayNumber, dayNumber, type MoodDay } from '@dayframe/contracts';
import { shortMonth } from './heatmap-days.ts';

/** The windows the mood chart offers, in days back from today (today included). */
export const MOOD_RANGES = [30, 90, 365] as const;
export type MoodRange = (typeof MOOD_RANGES)[number];

/** The `range` days ending on `today`, both ends included, as the mood call asks for them. */
export function moodWindow(today: string, range: number): { from: string; to: string } {
  return { from: dateOfDayNumber(dayNumber(today) - range + 1), to: today };
}

/** A day of the chart: how far into the window it is (0 is `from`) and its average mood. */
export type MoodPoint = { date: string; index: number; average: number };

/**
 * The chart's line, cut where nothing was written: runs of consecutive days with a mood, each
 * its own segment (a run of one day is a lone point). Days outside the window are left out, so
 * an answer for a wider window never draws past the chart's edges.
 */
export function moodSegments(days: readonly MoodDay[], from: string, to: string): MoodPoint[][] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  const points = days
    .map((day) => ({ date: day.date, index: dayNumber(day.date) - first, average: day.average }))
    .filter((point) => point.index >= 0 && point.index <= last - first)
    .sort((a, b) => a.index - b.index);
  const segments: MoodPoint[][] = [];
  for (const point of points) {
    const run = segments.at(-1);
    const previous = run?.at(-1);
    if (run && previous && point.index === previous.index + 1) run.push(point);
    else if (!previous || point.index !== previous.index) segments.push([point]);
  }
  return segments;
}

/** The mood of every entry in the window together (each entry counts once), or null if none. */
export function overallMood(days: readonly MoodDay[]): number | null {
  const entries = days.reduce((sum, day) => sum + day.entries, 0);
  if (entries === 0) return null;
  return days.reduce((sum, day) => sum + day.average * day.entries, 0) / entries;
}

/** "Nov 4" from `2026-11-04`: the chart's date ticks. */
export function tickDate(date: string): string {
  return `${shortMonth(date)} ${Number(date.slice(8, 10))}`;
}
