/** How far ahead "Remind me" offers to bring an entry back. */
export type RevisitSpan = 'week' | 'month' | 'year';

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [year, month, day];
}

function written(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The local day a span after `today` (`YYYY-MM-DD`), in calendar terms: a month from Jan 31 is
 * the last day of February and a year from Feb 29 is Feb 28, never a day that spills over into
 * the next month. Computed on the date's own numbers, so no time zone can shift it.
 */
export function revisitDate(today: string, span: RevisitSpan): string {
  const [year, month, day] = parts(today);
  if (span === 'week') {
    const later = new Date(Date.UTC(year, month - 1, day + 7));
    return written(later.getUTCFullYear(), later.getUTCMonth() + 1, later.getUTCDate());
  }
  const [toYear, toMonth] =
    span === 'year' ? [year + 1, month] : month === 12 ? [year + 1, 1] : [year, month + 1];
  return written(toYear, toMonth, Math.min(day, daysIn(toYear, toMonth)));
}
