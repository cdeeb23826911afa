import { countUserRows, insertNewInChunks, ownRowIds, type Knex } from '@dayframe/service-kit/db';
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
 * Which of `hashes` the user's goals already have (set by hand or imported): the (user_id,
 * content_hash) prefix of `goals_import_key`, reading only those index entries.
 */
export async function storedGoalHashes(
  trx: Knex,
  userId: string,
  hashes: string[],
): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const rows: { content_hash: string }[] = await trx('goals')
    .select('content_hash')
    .where({ user_id: userId })
    .whereIn('content_hash', hashes);
  return new Set(rows.map((row) => row.content_hash));
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
  content_hash: string;
  created_at: string;
  imported: true;
  import_id: string;
};

/** Inserts in order, leaving out each goal a concurrent import of it added first. */
export function insertImportedGoals(trx: Knex, rows: NewGoalRow[]): Promise<void> {
  return insertNewInChunks(trx, 'goals', rows, 200, ['user_id', 'content_hash', 'imported']);
}

/** How many goals the import `importId` wrote (on `goals_by_import`). */
export async function countImportedGoals(
  trx: Knex,
  userId: string,
  importId: string,
): Promise<number> {
  const [row] = await trx('goals')
    .where({ import_id: importId, user_id: userId })
    .count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** Removes the goals the import `importId` wrote, and nothing else; safe to run again. */
export function deleteImportedGoals(db: Knex, userId: string, importId: string): Promise<number> {
  return db('goals').where({ import_id: importId, user_id: userId }).delete();
}
