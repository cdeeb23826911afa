// Calendar arithmetic on `YYYY-MM-DD` dates, apart from the schemas in dates.ts and date-fields.ts:
// the journal screens count days with it, and a module is bundled whole once one of its exports
// is used, zod with it.

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
