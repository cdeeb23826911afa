import type { GoalsWindow } from '@dayframe/contracts';
import { findGoalsCompletedBetween, findGoalsDueBetween } from './data/goal-repo.ts';
import type { GoalsScope } from './scope.ts';

/**
 * What the calendar shows of goals from `from` to `to` (validated `YYYY-MM-DD` dates, both
 * included): active goals due in the window by due date, and goals completed in it by
 * completion date, each list within the calendar's caps (`CALENDAR_LIMITS`, `truncated` when
 * one cut). Indexed reads with a LIMIT, run at once, whatever the number of goals. The use
 * case behind goals' `GET /internal/calendar-window` and the calendar's in-process source.
 */
export async function goalsBetween(
  scope: GoalsScope,
  userId: string,
  from: string,
  to: string,
): Promise<GoalsWindow> {
  const [due, completed] = await Promise.all([
    findGoalsDueBetween(scope.db, userId, from, to),
    findGoalsCompletedBetween(scope.db, userId, from, to),
  ]);
  const window = { dueGoals: due.goals, completedGoals: completed.goals };
  return due.truncated || completed.truncated ? { ...window, truncated: true } : window;
}
