import type { Knex } from '@dayframe/service-kit/db';
import { searchFullText, type FullTextIndex } from '@dayframe/service-kit/search';

/** Goals are found by their title and description; a word in the title weighs more. */
export const GOAL_SEARCH_INDEX: FullTextIndex = {
  table: 'goals',
  name: 'goals_search',
  columns: [
    { name: 'title', mysqlType: 'varchar(200)', weight: 4 },
    { name: 'description', mysqlType: 'text', weight: 1 },
  ],
};

export type FoundGoalRow = {
  id: string;
  title: string;
  description: string;
  completed: number | boolean;
  date_due: string;
  date_complete: string | null;
};

/** One page of the user's goals matching every word, best first, the latest set first among equals. */
export async function searchGoalRows(
  db: Knex,
  userId: string,
  words: string[],
  page: { limit: number; offset: number },
): Promise<{ rows: FoundGoalRow[]; total: number }> {
  const { seqs, total } = await searchFullText(db, GOAL_SEARCH_INDEX, {
    userId,
    words,
    ...page,
    newest: [{ column: 'seq', order: 'desc' }],
  });
  if (seqs.length === 0) return { rows: [], total };
  const rows: (FoundGoalRow & { seq: number })[] = await db('goals')
    .select('seq', 'id', 'title', 'description', 'completed', 'date_due', 'date_complete')
    .whereIn('seq', seqs)
    .andWhere('user_id', userId);
  const bySeq = new Map(rows.map((row) => [Number(row.seq), row]));
  return { rows: seqs.flatMap((seq) => bySeq.get(seq) ?? []), total };
}
