/**
 * The calendar service: `GET /api/calendar?from=&to=`, a window's entries, due goals and
 * completed goals grouped by day. No tables of its own; it reads through the journals and
 * goals modules.
 *
 * @example
 * const calendar = createCalendar({ db, tokens, checkSession, log });
 * const { entries, dueGoals, completedGoals } = await calendar.calendarWindow(userId, '2026-01-26', '2026-03-08');
 */
export { createCalendar, type Calendar, type CalendarDeps } from './calendar-service.ts';
