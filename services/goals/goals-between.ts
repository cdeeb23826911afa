import type { GoalsWindow } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit';
import { findGoalsCompletedBetween, findGoalsDueBetween } from './data/goal-repo.ts';

/**
 * What the calendar shows of goals from `from` to `to` (validated `YYYY-MM-DD` dates, both
 * included): active goals due in the window by due date, and goals completed in it by
 * completion date. Two indexed queries, run at once, whatever the number of goals. The use
 * case behind goals' `GET /internal/calendar-window` and the calendar's in-process source.
 */
export async function goalsBetween(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<GoalsWindow> {
  const [dueGoals, completedGoals] = await Promise.all([
    findGoalsDueBetween(db, userId, from, to),
    findGoalsCompletedBetween(db, userId, from, to),
  ]);
  return { dueGoals, completedGoals };
}
