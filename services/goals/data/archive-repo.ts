import type { Knex } from '@dayframe/service-kit';
import type { GoalsExport } from '@dayframe/contracts';

type GoalRow = {
  id: string;
  title: string;
  description: string;
  completed: number | boolean;
  date_set: string;
  date_due: string;
  date_complete: string | null;
};

/** Every goal of the user, oldest first (so an import reproduces the lists' order). */
export async function allGoalsOf(db: Knex, userId: string): Promise<GoalsExport['goals']> {
  const rows: GoalRow[] = await db('goals')
    .select('id', 'title', 'description', 'completed', 'date_set', 'date_due', 'date_complete')
    .where({ user_id: userId })
    .orderBy('seq');
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    completed: Boolean(row.completed),
    dateSet: row.date_set,
    dateDue: row.date_due,
    dateComplete: row.date_complete ?? null,
  }));
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
