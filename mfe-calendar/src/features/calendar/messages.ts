import type { CalendarPart } from '@dayframe/contracts';

/** What each part of the calendar is called on screen. */
const PART_NAMES: Record<CalendarPart, string> = { entries: 'journal entries', goals: 'goals' };

/** What the calendar screen says. */
export const CALENDAR_TEXT = {
  /** A day's mark: "Average mood: Good (4.0)". */
  averageMood: (label: string) => `Average mood: ${label}`,
  noContent: 'No content.',
  loadFailed: "Couldn't load items",
  notShown: 'Items for this month are not shown.',
  /** The note for a window the service cut at its caps (at most 50 items a day, 500 in all). */
  truncated: 'Some items are not shown here. Your journals and goals list them all.',
  /**
   * The notice for a partial answer: the service answered what it could and named the parts
   * whose owner is down. The grid still shows everything else.
   */
  partial: (missing: readonly CalendarPart[]) =>
    `Some items could not be loaded: ${missing.map((part) => PART_NAMES[part]).join(' and ')}. Everything else for this month is shown.`,
} as const;
