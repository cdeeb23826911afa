import { z } from 'zod';
import { dayNumber } from './calendar-dates.ts';
import { requiredCalendarDate } from './date-fields.ts';
import { entryMeta } from './entries.ts';
import { entryPhoto } from './media-index.ts';

/** A year of writing, leap years included. */
export const INSIGHTS_MAX_DAYS = 366;
/** The longest window of mood insights: a year and a month around it. */
export const MOOD_MAX_DAYS = 400;

export const INSIGHTS_MESSAGES = {
  dateMissing: 'Send the day (date) as YYYY-MM-DD',
  fromMissing: 'Send the first day (from) as YYYY-MM-DD',
  toMissing: 'Send the last day (to) as YYYY-MM-DD',
  fromAfterTo: 'The first day (from) must not be after the last day (to)',
  tooLong: `Ask for at most ${INSIGHTS_MAX_DAYS} days at a time`,
  moodTooLong: `Ask for at most ${MOOD_MAX_DAYS} days of moods at a time`,
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
  ...entryMeta,
  ...entryPhoto,
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

/** A `from`–`to` window of at most `maxDays` days, both included. */
function insightsWindow(maxDays: number, tooLong: string) {
  return z
    .object({
      from: requiredCalendarDate(INSIGHTS_MESSAGES.fromMissing),
      to: requiredCalendarDate(INSIGHTS_MESSAGES.toMissing),
    })
    .superRefine((window, ctx) => {
      const days = dayNumber(window.to) - dayNumber(window.from) + 1;
      if (days < 1)
        ctx.addIssue({ code: 'custom', path: ['from'], message: INSIGHTS_MESSAGES.fromAfterTo });
      else if (days > maxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: tooLong });
    });
}

/** GET /api/insights/writing?from=&to=: both days included, at most 366 days. */
export const writingQuery = insightsWindow(INSIGHTS_MAX_DAYS, INSIGHTS_MESSAGES.tooLong);
export type WritingQuery = z.input<typeof writingQuery>;

/** GET /api/insights/mood?from=&to=: both days included, at most 400 days. */
export const moodQuery = insightsWindow(MOOD_MAX_DAYS, INSIGHTS_MESSAGES.moodTooLong);
export type MoodQuery = z.input<typeof moodQuery>;

/** A day with at least one entry with a mood: the average of those moods and how many there are. */
export const moodDay = z.object({
  date: z.string(),
  average: z.number(),
  entries: z.number().int().positive(),
});
export type MoodDay = z.infer<typeof moodDay>;

/** GET /api/insights/mood: the window's days with a mood, earliest first. */
export const moodResponse = z.array(moodDay);
export type MoodResponse = z.infer<typeof moodResponse>;

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
