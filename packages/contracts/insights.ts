import { z } from 'zod';
import { dayNumber, requiredCalendarDate } from './date-fields.ts';

/** A year of writing, leap years included. */
export const INSIGHTS_MAX_DAYS = 366;

export const INSIGHTS_MESSAGES = {
  dateMissing: 'Send the day (date) as YYYY-MM-DD',
  fromMissing: 'Send the first day (from) as YYYY-MM-DD',
  toMissing: 'Send the last day (to) as YYYY-MM-DD',
  fromAfterTo: 'The first day (from) must not be after the last day (to)',
  tooLong: `Ask for at most ${INSIGHTS_MAX_DAYS} days at a time`,
} as const;

/** GET /api/insights/on-this-day?date=YYYY-MM-DD: the caller's today. */
export const onThisDayQuery = z.object({
  date: requiredCalendarDate(INSIGHTS_MESSAGES.dateMissing),
});
export type OnThisDayQuery = z.input<typeof onThisDayQuery>;

/** An entry written on the same month and day in an earlier year. */
export const onThisDayEntry = z.object({
  _id: z.string(),
  journalId: z.string(),
  journalTitle: z.string(),
  title: z.string(),
  date: z.string(),
  /** The beginning of the entry, plain text, at most about 200 characters. */
  excerpt: z.string(),
  yearsAgo: z.number().int().positive(),
});
export type OnThisDayEntry = z.infer<typeof onThisDayEntry>;

/** The most entries on-this-day answers (issue 24): past it, `truncated: true`. */
export const ON_THIS_DAY_LIMIT = 50;

/**
 * GET /api/insights/on-this-day: newest first, at most `ON_THIS_DAY_LIMIT` entries
 * (`truncated: true` is present only when more were written). Entries of 29 February show on
 * 28 February in years without one.
 */
export const onThisDayResponse = z.object({
  entries: z.array(onThisDayEntry),
  truncated: z.literal(true).optional(),
});
export type OnThisDayResponse = z.infer<typeof onThisDayResponse>;

/** GET /api/insights/writing?from=&to=: both days included, at most 366 days. */
export const writingQuery = z
  .object({
    from: requiredCalendarDate(INSIGHTS_MESSAGES.fromMissing),
    to: requiredCalendarDate(INSIGHTS_MESSAGES.toMissing),
  })
  .superRefine((window, ctx) => {
    const days = dayNumber(window.to) - dayNumber(window.from) + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['from'], message: INSIGHTS_MESSAGES.fromAfterTo });
    else if (days > INSIGHTS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: INSIGHTS_MESSAGES.tooLong });
  });
export type WritingQuery = z.input<typeof writingQuery>;

/**
 * GET /api/insights/writing. `days` has a key for each day of the window with at least one
 * entry. `currentStreak` is the run of consecutive written days ending on `to`, or on the day
 * before when nothing is written on `to` yet, counted whole, also the days before `from`, so the
 * current streak never looks shorter because of where the window starts. `longestStreak` is the
 * longest run of written days inside the window (issue 25): a run that began before `from`
 * counts only its days from `from` on, so it may be less than `currentStreak`.
 */
export const writingResponse = z.object({
  days: z.record(z.string(), z.number().int().positive()),
  currentStreak: z.number().int().nonnegative(),
  longestStreak: z.number().int().nonnegative(),
});
export type WritingResponse = z.infer<typeof writingResponse>;
