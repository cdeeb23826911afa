import type { Knex } from '@dayframe/service-kit';
import type { ExportedGoal } from '@dayframe/contracts';

type GoalRow = {
  seq: number;
  id: string;
  title: string;
  description: string;
  completed: number | boolean;
  date_set: string;
  date_due: string;
  date_complete: string | null;
};

const toExported = (row: GoalRow): ExportedGoal => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  completed: Boolean(row.completed),
  dateSet: row.date_set,
  dateDue: row.date_due,
  dateComplete: row.date_complete ?? null,
});

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
    .select(
      'seq',
      'id',
      'title',
      'description',
      'completed',
      'date_set',
      'date_due',
      'date_complete',
    )
    .where({ user_id: userId });
  const after = page.after;
  if (after)
    query.andWhere((later) =>
      (after.completed ? later : later.where('completed', true)).orWhere((same) =>
        same.where('completed', after.completed).andWhere('seq', '>', after.seq),
      ),
    );
  const rows: GoalRow[] = await query
    .orderBy([
      { column: 'completed', order: 'asc' },
      { column: 'seq', order: 'asc' },
    ])
    .limit(page.limit);
  const last = rows.at(-1);
  return {
    goals: rows.map(toExported),
    last: last && { completed: Boolean(last.completed), seq: Number(last.seq) },
  };
}

/** Every goal of the user (an import matches against them; their number is bounded by quota). */
export async function allGoalsOf(db: Knex, userId: string): Promise<ExportedGoal[]> {
  const rows: GoalRow[] = await db('goals')
    .select(
      'seq',
      'id',
      'title',
      'description',
      'completed',
      'date_set',
      'date_due',
      'date_complete',
    )
    .where({ user_id: userId })
    .orderBy('seq');
  return rows.map(toExported);
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

/** Inserts in order, in chunks small enough for either database's parameter limit. */
export async function insertImportedGoals(trx: Knex, rows: NewGoalRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await trx('goals').insert(rows.slice(i, i + 200));
}
