import type { CalendarSources } from './calendar-sources.ts';

/**
 * What every calendar use case gets first. The calendar owns no data, so where other services
 * hold a database it holds the sources it asks journals and goals through. Built once by
 * `createCalendar`; a route passes it on.
 */
export type CalendarScope = { sources: CalendarSources };
