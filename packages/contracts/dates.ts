import { z } from 'zod';
import { isCalendarDate } from './calendar-dates.ts';

/** A `YYYY-MM-DD` calendar date; `message` is what a bad value answers. */
export function calendarDate(message = 'Dates must be real calendar dates written YYYY-MM-DD') {
  return z.string({ error: message }).refine(isCalendarDate, { message });
}
