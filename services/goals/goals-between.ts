import type { Goal } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit';
import { findGoalsCompletedBetween, findGoalsDueBetween } from './data/goal-repo.ts';

/**
 * The public reads the calendar uses. `from` and `to` are validated `YYYY-MM-DD` dates, both
 * included; each read is one indexed query whatever the number of goals.
 */

/** Active goals due in the window, by due date. */
export function goalsDueBetween(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<Goal[]> {
  return findGoalsDueBetween(db, userId, from, to);
}

/** Goals completed in the window, by completion date. */
export function goalsCompletedBetween(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<Goal[]> {
  return findGoalsCompletedBetween(db, userId, from, to);
}
