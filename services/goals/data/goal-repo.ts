import type { Knex } from '@dayframe/service-kit/db';
import type { Goal } from '@dayframe/contracts';
import { GOAL_COLUMNS, toGoal, type GoalRow } from './goal-row.ts';

/**
 * Adds the goal unless the user already has `quota` goals; false then, and nothing written.
 * Counted inside the inserting transaction, so the count and the row go together; concurrent
 * creates on MySQL can overshoot by the few in flight at once.
 */
export async function insertGoal(
  db: Knex,
  goal: {
    id: string;
    userId: string;
    title: string;
    description: string;
    dateSet: string;
    dateDue: string;
    createdAt: string;
  },
  quota: number,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const counted = await trx('goals').where({ user_id: goal.userId }).count({ n: '*' }).first();
    if (Number(counted?.n ?? 0) >= quota) return false;
    await trx('goals').insert({
      id: goal.id,
      user_id: goal.userId,
      title: goal.title,
      description: goal.description,
      completed: false,
      date_set: goal.dateSet,
      date_due: goal.dateDue,
      date_complete: null,
      created_at: goal.createdAt,
    });
    return true;
  });
}

export async function findGoal(db: Knex, userId: string, id: string): Promise<Goal | null> {
  const row: GoalRow | undefined = await db('goals')
    .select(GOAL_COLUMNS)
    .where({ id, user_id: userId })
    .first();
  return row ? toGoal(row) : null;
}

/**
 * One user's goals in one state, ordered by the date that matters for that state (due for active
 * goals, completion for completed ones), optionally within [from, to]: every list is one range
 * scan of the matching (user, state, date) index.
 */
function goalsBy(
  db: Knex,
  userId: string,
  state: 'active' | 'completed',
  order: 'asc' | 'desc',
  window?: { from: string; to: string },
): Promise<Goal[]> {
  const column = state === 'active' ? 'date_due' : 'date_complete';
  const query = db('goals')
    .select(GOAL_COLUMNS)
    .where({ user_id: userId, completed: state === 'completed' });
  if (window) query.andWhere(column, '>=', window.from).andWhere(column, '<=', window.to);
  return query
    .orderBy([
      { column, order },
      { column: 'seq', order },
    ])
    .then((rows: GoalRow[]) => rows.map(toGoal));
}

/** Active goals, soonest due first. */
export function findDueGoals(db: Knex, userId: string): Promise<Goal[]> {
  return goalsBy(db, userId, 'active', 'asc');
}

/** Completed goals, latest completed first. */
export function findCompletedGoals(db: Knex, userId: string): Promise<Goal[]> {
  return goalsBy(db, userId, 'completed', 'desc');
}

/**
 * Completes the goal only if it is still active, in one statement, so two clicks can't both
 * succeed. 'missing' covers another user's goal too.
 */
export async function completeGoalRow(
  db: Knex,
  userId: string,
  id: string,
  date: string,
): Promise<'completed' | 'already' | 'missing'> {
  const changed = await db('goals')
    .where({ id, user_id: userId, completed: false })
    .update({ completed: true, date_complete: date });
  if (changed > 0) return 'completed';
  return (await findGoal(db, userId, id)) ? 'already' : 'missing';
}

export async function deleteGoalRow(db: Knex, userId: string, id: string): Promise<boolean> {
  return (await db('goals').where({ id, user_id: userId }).delete()) > 0;
}

export async function deleteGoalsOf(db: Knex, userId: string): Promise<void> {
  await db('goals').where({ user_id: userId }).delete();
}

/** Active goals due within [from, to], by due date. */
export function findGoalsDueBetween(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<Goal[]> {
  return goalsBy(db, userId, 'active', 'asc', { from, to });
}

/** Goals completed within [from, to], by completion date. */
export function findGoalsCompletedBetween(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<Goal[]> {
  return goalsBy(db, userId, 'completed', 'asc', { from, to });
}

/** Distinct owners in id order after `after`, for the orphan sweep (the by-user index serves it). */
export async function userIdsAfter(db: Knex, after: string, limit: number): Promise<string[]> {
  const rows: { user_id: string }[] = await db('goals')
    .distinct('user_id')
    .where('user_id', '>', after)
    .orderBy('user_id')
    .limit(limit);
  return rows.map((row) => row.user_id);
}
