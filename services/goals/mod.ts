/**
 * The goals service: dated goals that are due and then completed, `/api/goals*`. It owns the
 * `goals` table; other modules read it only through `goalsDueBetween` and
 * `goalsCompletedBetween` here.
 *
 * @example
 * const goals = createGoals({ db, tokens, checkSession, log });
 * await goals.migrate();
 * bus.work(GOALS_ACCOUNT_DELETED_QUEUE, (job) => goals.deleteAccountData(accountDeletedJob.parse(job).userId));
 */
export {
  createGoals,
  GOALS_ACCOUNT_DELETED_QUEUE,
  type Goals,
  type GoalsDeps,
} from './goals-service.ts';
export { goalsCompletedBetween, goalsDueBetween } from './goals-between.ts';
