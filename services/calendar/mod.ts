/**
 * The calendar service: `GET /api/calendar?from=&to=`, a window's entries, due goals and
 * completed goals grouped by day. It owns no data and no database: it asks journals and goals
 * through `CalendarSources`, in-process (embedded) or over HTTP (distributed), and answers
 * what it got with `missing` naming a part whose owner failed.
 *
 * @example
 * import { createCalendar, httpSources } from '@dayframe/calendar';
 * import { serve } from '@dayframe/service-kit/http';
 * const sources = httpSources({ journalsUrl, goalsUrl }); // or inProcessSources({ entriesBetween, goalsBetween, ready })
 * const calendar = createCalendar({ sources, tokens, checkSession, log });
 * await serve(calendar.app.callback(), { port: 3004, log, onStop: calendar.close });
 */
export { createCalendar, type Calendar, type CalendarDeps } from './calendar-service.ts';
export { pickSources, type CalendarSources, type WindowAsk } from './calendar-sources.ts';
export { inProcessSources } from './in-process-sources.ts';
export { httpSources, SOURCE_TIMEOUT_MS } from './http-sources.ts';
