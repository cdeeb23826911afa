import { z } from 'zod';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True for a real calendar date written `YYYY-MM-DD`. Checked with integer arithmetic so that
 * no time zone can shift the answer (2026-02-30 is false, 2028-02-29 is true).
 */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Days in `month` (1–12) of `year`, Gregorian. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** A `YYYY-MM-DD` calendar date; `message` is what a bad value answers. */
export function calendarDate(message = 'Dates must be real calendar dates written YYYY-MM-DD') {
  return z.string({ error: message }).refine(isCalendarDate, { message });
}
