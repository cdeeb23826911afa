/**
 * Month-grid arithmetic on `YYYY-MM-DD` strings and integer years and months (1–12). Nothing
 * here touches `Date`, so no time zone or daylight-saving change can move a day.
 */

export type YearMonth = { year: number; month: number };

export type GridDay = {
  /** `YYYY-MM-DD`. */
  date: string;
  day: number;
  /** False for the neighbouring months' days that fill the first and last week. */
  inMonth: boolean;
};

/** Monday first (spec §9). */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function toIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function parseIsoDate(date: string): { year: number; month: number; day: number } {
  const match = DATE.exec(date);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The inverse of {@link dayNumber}. */
export function fromDayNumber(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(date: string): number {
  const { year, month, day } = parseIsoDate(date);
  // 1970-01-01 was a Thursday (index 3).
  return (((dayNumber(year, month, day) + 3) % 7) + 7) % 7;
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parseIsoDate(date);
  const moved = fromDayNumber(dayNumber(year, month, day) + days);
  return toIsoDate(moved.year, moved.month, moved.day);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return dayNumber(b.year, b.month, b.day) - dayNumber(a.year, a.month, a.day);
}

export function monthOf(date: string): YearMonth {
  const { year, month } = parseIsoDate(date);
  return { year, month };
}

/** The month `delta` months away, wrapping across years. */
export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

export function sameMonth(a: YearMonth, b: YearMonth): boolean {
  return a.year === b.year && a.month === b.month;
}

/**
 * The weeks showing `month`: from the Monday on or before its first day to the Sunday on or
 * after its last, so four to six rows of seven days.
 */
export function monthGrid({ year, month }: YearMonth): GridDay[][] {
  const first = toIsoDate(year, month, 1);
  const last = toIsoDate(year, month, daysInMonth(year, month));
  const start = addDays(first, -weekdayIndex(first));
  const end = addDays(last, 6 - weekdayIndex(last));
  const weeks: GridDay[][] = [];
  const total = daysBetween(start, end) + 1;
  for (let offset = 0; offset < total; offset += 7) {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i++) {
      const date = addDays(start, offset + i);
      const parts = parseIsoDate(date);
      week.push({ date, day: parts.day, inMonth: parts.year === year && parts.month === month });
    }
    weeks.push(week);
  }
  return weeks;
}

/** The first and last day a month's grid shows: the window one calendar call asks for. */
export function gridRange(ym: YearMonth): { from: string; to: string } {
  const weeks = monthGrid(ym);
  return { from: weeks[0]![0]!.date, to: weeks[weeks.length - 1]![6]!.date };
}

/** "11 / 2026": the header's month number and year (spec §2). */
export function monthLabel({ year, month }: YearMonth): string {
  return `${month} / ${year}`;
}

/** "Monday, November 23, 2026": a day named in full, for labels and the day's list. */
export function longDateLabel(date: string): string {
  const { year, month, day } = parseIsoDate(date);
  return `${WEEKDAYS[weekdayIndex(date)]}, ${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

/** The same day of the month `delta` months away, or that month's last day if it is shorter. */
export function shiftDateByMonths(date: string, delta: number): string {
  const { year, month, day } = parseIsoDate(date);
  const target = shiftMonth({ year, month }, delta);
  return toIsoDate(
    target.year,
    target.month,
    Math.min(day, daysInMonth(target.year, target.month)),
  );
}
