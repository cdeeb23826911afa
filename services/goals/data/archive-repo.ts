import { countUserRows, insertInChunks, ownRowIds, type Knex } from '@dayframe/service-kit/db';
import type { ExportedGoal } from '@dayframe/contracts';
import { GOAL_COLUMNS, toGoal, type GoalRow } from './goal-row.ts';

/** Where a page of goals stops: the last goal's state and insertion order. */
export type GoalCursor = { completed: boolean; seq: number };

/**
 * One page of the user's goals after `cursor`: active ones, then completed ones, each oldest
 * first (so an import reproduces both lists' order, and `goals.md` is written in one pass).
 * A keyset walk within the user's rows of `goals_by_user_due`.
 */
export async function goalsPage(
  db: Knex,
  userId: string,
  page: { after?: GoalCursor; limit: number },
): Promise<{ goals: ExportedGoal[]; last?: GoalCursor }> {
  const query = db('goals')
    .select('seq', ...GOAL_COLUMNS)
    .where({ user_id: userId });
  const after = page.after;
  if (after)
    query.andWhere((later) =>
      (after.completed ? later : later.where('completed', true)).orWhere((same) =>
        same.where('completed', after.completed).andWhere('seq', '>', after.seq),
      ),
    );
  const rows: (GoalRow & { seq: number })[] = await query
    .orderBy([
      { column: 'completed', order: 'asc' },
      { column: 'seq', order: 'asc' },
    ])
    .limit(page.limit);
  const last = rows.at(-1);
  return {
    goals: rows.map(toGoal),
    last: last && { completed: Boolean(last.completed), seq: Number(last.seq) },
  };
}

/** How many goals the user has (for the quota). */
export function goalCount(trx: Knex, userId: string): Promise<number> {
  return countUserRows(trx, 'goals', userId);
}

/** Which of `ids` are already the user's goals (an index lookup on `goals_id_unique`). */
export function ownGoalIds(trx: Knex, userId: string, ids: string[]): Promise<Set<string>> {
  return ownRowIds(trx, 'goals', userId, ids);
}

/**
 * The user's goals due on `dates` (both states, along `goals_by_user_due`): what a batch of
 * imported goals could duplicate, without reading every goal of the account.
 */
export function goalsDueOn(
  trx: Knex,
  userId: string,
  dates: string[],
): Promise<{ title: string; description: string; dateSet: string; dateDue: string }[]> {
  if (!dates.length) return Promise.resolve([]);
  return trx('goals')
    .select('title', 'description', 'date_set as dateSet', 'date_due as dateDue')
    .where({ user_id: userId })
    .whereIn('completed', [false, true])
    .whereIn('date_due', dates);
}

export type NewGoalRow = {
  id: string;
  user_id: string;
  title: string;
  description: string;
  completed: boolean;
  date_set: string;
  date_due: string;
  date_complete: string | null;
  created_at: string;
};

/** Inserts in order. */
export function insertImportedGoals(trx: Knex, rows: NewGoalRow[]): Promise<void> {
  return insertInChunks(trx, 'goals', rows, 200);
}
