import type { Goal } from '@dayframe/contracts';

/** A `goals` row, as far as a goal shows it. */
export type GoalRow = {
  id: string;
  title: string;
  description: string;
  completed: number | boolean;
  date_set: string;
  date_due: string;
  date_complete: string | null;
};

export const GOAL_COLUMNS = [
  'id',
  'title',
  'description',
  'completed',
  'date_set',
  'date_due',
  'date_complete',
] as const;

export function toGoal(row: GoalRow): Goal {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    // MySQL and SQLite both keep booleans as 0/1.
    completed: Boolean(row.completed),
    dateSet: row.date_set,
    dateDue: row.date_due,
    dateComplete: row.date_complete ?? null,
  };
}
