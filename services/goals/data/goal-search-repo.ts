import type { Knex } from '@dayframe/service-kit/db';
import { searchFullText, type FullTextIndex } from '@dayframe/service-kit/search';
import type { Goal } from '@dayframe/contracts';
import { GOAL_COLUMNS, toGoal, type GoalRow } from './goal-row.ts';

/** Goals are found by their title and description; a word in the title weighs more. */
export const GOAL_SEARCH_INDEX: FullTextIndex = {
  table: 'goals',
  name: 'goals_search',
  columns: [
    { name: 'title', mysqlType: 'varchar(200)', weight: 4 },
    { name: 'description', mysqlType: 'text', weight: 1 },
  ],
};

/** One page of the user's goals matching every word, best first, the latest set first among equals. */
export async function searchGoalsByWords(
  db: Knex,
  userId: string,
  words: string[],
  page: { limit: number; offset: number },
): Promise<{ goals: Goal[]; total: number }> {
  const { seqs, total } = await searchFullText(db, GOAL_SEARCH_INDEX, {
    userId,
    words,
    ...page,
    newest: [{ column: 'seq', order: 'desc' }],
  });
  if (seqs.length === 0) return { goals: [], total };
  const rows: (GoalRow & { seq: number })[] = await db('goals')
    .select('seq', ...GOAL_COLUMNS)
    .whereIn('seq', seqs)
    .andWhere('user_id', userId);
  const bySeq = new Map(rows.map((row) => [Number(row.seq), row]));
  return { goals: seqs.flatMap((seq) => bySeq.get(seq) ?? []).map(toGoal), total };
}
