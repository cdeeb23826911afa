import { z } from 'zod';
import { dayNumber } from './calendar-dates.ts';
import { DATE_MESSAGES, requiredCalendarDate } from './date-fields.ts';
import { goal } from './goals.ts';
import { entryMeta } from './entries.ts';
import { entryPhoto } from './media-index.ts';

/** The longest window one call may ask for: a quarter, more than any month grid (42 days). */
export const CALENDAR_MAX_DAYS = 92;

/**
 * What one window answers at most (issue 24): items in all, items on one day, and characters of
 * an entry's content (an excerpt; the full entry is one click away). Past a count cap the answer
 * says `truncated: true`.
 */
export const CALENDAR_LIMITS = { window: 500, perDay: 50, excerpt: 280 } as const;

export const CALENDAR_MESSAGES = {
  fromMissing: 'Send the first day shown (from) as YYYY-MM-DD',
  toMissing: 'Send the last day shown (to) as YYYY-MM-DD',
  fromAfterTo: 'The first day (from) must not be after the last day (to)',
  tooLong: `Ask for at most ${CALENDAR_MAX_DAYS} days at a time`,
  invalidDate: DATE_MESSAGES.invalid,
} as const;

/** GET /api/calendar?from=&to=: the first and last day of the grid, both included. */
export const calendarQuery = z
  .object({
    from: requiredCalendarDate(CALENDAR_MESSAGES.fromMissing),
    to: requiredCalendarDate(CALENDAR_MESSAGES.toMissing),
  })
  .superRefine((window, ctx) => {
    const days = dayNumber(window.to) - dayNumber(window.from) + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['from'], message: CALENDAR_MESSAGES.fromAfterTo });
    else if (days > CALENDAR_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_MESSAGES.tooLong });
  });
export type CalendarQuery = z.input<typeof calendarQuery>;

/**
 * An entry as the calendar modal shows it, with the journal it belongs to. `content` is the
 * beginning of the entry, at most `CALENDAR_LIMITS.excerpt` characters (ending in `…` when cut).
 */
export const calendarEntry = z.object({
  _id: z.string(),
  journalId: z.string(),
  journalTitle: z.string(),
  title: z.string(),
  content: z.string(),
  date: z.string(),
  type: z.literal('entry'),
  // Tags, mood and star (issue 25); defaults when journals predates them.
  ...entryMeta,
  ...entryPhoto,
});
export type CalendarEntry = z.infer<typeof calendarEntry>;

/** Items keyed by `YYYY-MM-DD`; a day with nothing on it has no key. */
function byDay<T extends z.ZodType>(item: T) {
  return z.record(z.string(), z.array(item));
}

/**
 * The parts of a calendar window, each owned by another service: `entries` by journals,
 * `goals` (due and completed) by goals.
 */
export const CALENDAR_PARTS = ['entries', 'goals'] as const;
export type CalendarPart = (typeof CALENDAR_PARTS)[number];

/**
 * GET /api/calendar answers the window's entries by `date`, active goals by `dateDue` and
 * completed goals by `dateComplete` (spec §3). A completed goal shows on the day it was
 * completed, not again on its due day. Within a day, items are in the order they were written.
 * `missing` is present only when a part could not be loaded (its owner is down): the other
 * parts are still answered, and the missing part's days are empty. At most
 * `CALENDAR_LIMITS.window` items in all and `CALENDAR_LIMITS.perDay` on one day (entries first,
 * then due goals, then completed ones); `truncated: true` is present only when some were left out.
 */
export const calendarResponse = z.object({
  entries: byDay(calendarEntry),
  dueGoals: byDay(goal),
  completedGoals: byDay(goal),
  missing: z.array(z.enum(CALENDAR_PARTS)).optional(),
  truncated: z.literal(true).optional(),
});
export type CalendarResponse = z.infer<typeof calendarResponse>;

/**
 * Internal, between services (never exposed by the gateway): journals'
 * `GET /internal/calendar-window?from=&to=` answers the caller's entries in the window (the
 * query is `calendarQuery`), oldest day first, each with its journal's title, within the
 * window's caps (`truncated: true` when some were left out).
 */
export const entriesWindow = z.object({
  entries: z.array(calendarEntry),
  truncated: z.literal(true).optional(),
});
export type EntriesWindow = z.infer<typeof entriesWindow>;

/**
 * Internal: goals' `GET /internal/calendar-window?from=&to=` answers the caller's active goals
 * due in the window (by due date) and the goals completed in it (by completion date), each list
 * within the window's caps (`truncated: true` when some were left out).
 */
export const goalsWindow = z.object({
  dueGoals: z.array(goal),
  completedGoals: z.array(goal),
  truncated: z.literal(true).optional(),
});
export type GoalsWindow = z.infer<typeof goalsWindow>;
