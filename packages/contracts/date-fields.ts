import { z } from 'zod';
import { isCalendarDate } from './dates.ts';

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

/**
 * Days since 0000-03-01 of a valid `YYYY-MM-DD` date, by integer arithmetic (no `Date`, so no
 * time zone can move it). The difference of two day numbers is the days between them.
 */
export function dayNumber(date: string): number {
  let year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (month <= 2) year -= 1;
  const shiftedMonth = (month + 9) % 12; // March = 0, so the leap day ends the year
  const dayOfYear = Math.floor((153 * shiftedMonth + 2) / 5) + day - 1;
  return (
    365 * year + Math.floor(year / 4) - Math.floor(year / 100) + Math.floor(year / 400) + dayOfYear
  );
}

/** The `YYYY-MM-DD` date of a day number (the inverse of `dayNumber`), by integer arithmetic. */
export function dateOfDayNumber(day: number): string {
  const daysBefore = (y: number) =>
    365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400);
  let year = Math.floor((10_000 * day + 14_780) / 3_652_425);
  let dayOfYear = day - daysBefore(year);
  if (dayOfYear < 0) {
    year -= 1;
    dayOfYear = day - daysBefore(year);
  }
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = ((shiftedMonth + 2) % 12) + 1;
  if (month <= 2) year += 1;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(dayOfMonth, 2)}`;
}
