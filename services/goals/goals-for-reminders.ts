import type { DueGoal } from '@dayframe/contracts';
import { countGoalsCompletedWithin, findOpenGoalsDueWithin } from './data/goal-repo.ts';
import type { GoalsScope } from './scope.ts';

/**
 * What reminders learns of a person's goals (issue 27): the open goals due in a window, by
 * title and due date, for a goals-due reminder and the weekly digest's "due next week"...
 */
export function openGoalsDue(
  scope: GoalsScope,
  userId: string,
  window: { from: string; to: string },
): Promise<DueGoal[]> {
  return findOpenGoalsDueWithin(scope.db, userId, window.from, window.to);
}

/** ... and, for the digest, how many goals were completed in the week: a count, nothing more. */
export function goalsCompletedCount(
  scope: GoalsScope,
  userId: string,
  window: { from: string; to: string },
): Promise<number> {
  return countGoalsCompletedWithin(scope.db, userId, window.from, window.to);
}
