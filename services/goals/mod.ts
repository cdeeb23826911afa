/**
 * The goals service: dated goals that are due and then completed, `/api/goals*`, and searching
 * them, `/api/search/goals`. It owns the
 * `goals` table; no other service reads it. The calendar asks for a window through
 * `GET /internal/calendar-window` (its own process) or `goals.goalsBetween` (handed to it by the
 * composition root).
 *
 * @example
 * import { createGoals } from '@dayframe/goals';
 * import { keepAccountDataInStep } from '@dayframe/service-kit/events';
 * const goals = createGoals({ db, tokens, checkSession, log });
 * await goals.migrate();
 * keepAccountDataInStep({ name: 'goals', owner: goals, events, tokens, users, log, sweep });
 */
export { createGoals, type Goals, type GoalsDeps } from './goals-service.ts';
export { GOALS_QUOTAS, type GoalsQuotas } from './quotas.ts';
