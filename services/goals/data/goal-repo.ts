import { contentHash, readCappedByDay, type Knex } from '@dayframe/service-kit/db';
import { CALENDAR_LIMITS, type Goal } from '@dayframe/contracts';
import { GOAL_COLUMNS, toGoal, type GoalRow } from './goal-row.ts';

/** The `content_hash` of a goal: what an import compares. Set on create; nothing edits these fields. */
export function goalHash(goal: {
  title: string;
  description: string;
  dateSet: string;
  dateDue: string;
}): string {
  return contentHash(goal.title, goal.description, goal.dateSet, goal.dateDue);
}

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
      content_hash: goalHash(goal),
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

/** The date that orders (and places) a goal of each state: due for active, completion for completed. */
const DATE_OF = { active: 'date_due', completed: 'date_complete' } as const;

/**
 * One user's goals in one state, ordered by the date that matters for that state: every list is
 * one range scan of the matching (user, state, date) index.
 */
function goalsBy(db: Knex, userId: string, state: 'active' | 'completed', order: 'asc' | 'desc') {
  const column = DATE_OF[state];
  return db('goals')
    .select(GOAL_COLUMNS)
    .where({ user_id: userId, completed: state === 'completed' })
    .orderBy([
      { column, order },
      { column: 'seq', order },
    ]);
}

/**
 * One state's goals dated within [from, to], oldest first, within the calendar's caps: each
 * read of `readCappedByDay` a range of the (user, state, date) index with a LIMIT.
 */
async function goalsWithin(
  db: Knex,
  userId: string,
  state: 'active' | 'completed',
  from: string,
  to: string,
): Promise<{ goals: Goal[]; truncated: boolean }> {
  const column = DATE_OF[state];
  const { rows, truncated } = await readCappedByDay(
    CALENDAR_LIMITS,
    (row: GoalRow) => String(row[column]),
    (after, limit) =>
      goalsBy(db, userId, state, 'asc')
        .andWhere(column, after === null ? '>=' : '>', after ?? from)
        .andWhere(column, '<=', to)
        .limit(limit),
  );
  return { goals: rows.map(toGoal), truncated };
}

/** Active goals, soonest due first. */
export async function findDueGoals(db: Knex, userId: string): Promise<Goal[]> {
  return ((await goalsBy(db, userId, 'active', 'asc')) as GoalRow[]).map(toGoal);
}

/** Completed goals, latest completed first. */
export async function findCompletedGoals(db: Knex, userId: string): Promise<Goal[]> {
  return ((await goalsBy(db, userId, 'completed', 'desc')) as GoalRow[]).map(toGoal);
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

/** Active goals due within [from, to], by due date, within the calendar's caps. */
export function findGoalsDueBetween(db: Knex, userId: string, from: string, to: string) {
  return goalsWithin(db, userId, 'active', from, to);
}

/** Goals completed within [from, to], by completion date, within the calendar's caps. */
export function findGoalsCompletedBetween(db: Knex, userId: string, from: string, to: string) {
  return goalsWithin(db, userId, 'completed', from, to);
}

/**
 * Every open goal due within [from, to], soonest first, titles and dates only: one range on the
 * `goals_by_user_due` index. A goals-due reminder lists them all (the goals quota bounds them).
 */
export async function findOpenGoalsDueWithin(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<{ id: string; title: string; dueDate: string }[]> {
  const rows: { id: string; title: string; date_due: string }[] = await db('goals')
    .select('id', 'title', 'date_due')
    .where({ user_id: userId, completed: false })
    .andWhere('date_due', '>=', from)
    .andWhere('date_due', '<=', to)
    .orderBy([{ column: 'date_due' }, { column: 'seq' }]);
  return rows.map((row) => ({ id: row.id, title: row.title, dueDate: row.date_due }));
}

/** How many goals were completed on a local day within [from, to] (`goals_by_user_completed`). */
export async function countGoalsCompletedWithin(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<number> {
  const row = (await db('goals')
    .count({ n: '*' })
    .where({ user_id: userId, completed: true })
    .andWhere('date_complete', '>=', from)
    .andWhere('date_complete', '<=', to)
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
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
