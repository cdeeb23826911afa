import { z } from 'zod';
import { isCalendarDate } from './calendar-dates.ts';

export const DATE_MESSAGES = {
  invalid: 'Dates must be real calendar dates written YYYY-MM-DD',
} as const;

/**
 * A required `YYYY-MM-DD` date whose absence is reported in the form's own words (`missing`)
 * and whose malformed or impossible value (2026-02-30) is reported as such.
 */
export function requiredCalendarDate(missing: string, invalid: string = DATE_MESSAGES.invalid) {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? missing : invalid),
    })
    .trim()
    .min(1, { error: missing })
    .refine(isCalendarDate, { error: invalid });
}

/** A `YYYY-MM-DD` value whose bad value is reported by its name ("from must be a calendar date"). */
export function namedCalendarDate(name: string) {
  return z.string().refine(isCalendarDate, { error: `${name} must be a calendar date YYYY-MM-DD` });
}
