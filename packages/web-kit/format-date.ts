const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What a missing or invalid date shows (spec §2). */
export const NO_DATE = '—';

function format(year: number, month: number, day: number): string {
  return `${MONTHS[month - 1]} ${String(day).padStart(2, '0')}, ${year}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Date.UTC rolls an impossible day over into the next month; a real date survives the trip.
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

/**
 * "Nov 05, 2026". A calendar date (`YYYY-MM-DD`) is shown as written, never shifted by the time
 * zone; an instant (`2026-11-05T21:30:00Z`, a Date, epoch ms) is shown as the user's local day.
 * Anything missing or invalid gives {@link NO_DATE}.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return NO_DATE;
  if (typeof value === 'string') {
    const match = CALENDAR_DATE.exec(value.trim());
    if (match) {
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      return isRealDate(year, month, day) ? format(year, month, day) : NO_DATE;
    }
  }
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return NO_DATE;
  return format(instant.getFullYear(), instant.getMonth() + 1, instant.getDate());
}
