import { api } from '@dayframe/web-kit';
import type { CalendarResponse } from '@dayframe/contracts';

/** GET /api/calendar: everything from the grid's first day to its last, both included. */
export function fetchCalendar(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<CalendarResponse> {
  return api.get<CalendarResponse>('/calendar', { query: { from, to }, signal });
}
