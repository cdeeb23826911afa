import type { GoalSearchResponse } from '@dayframe/contracts';
import { searchSnippet, searchWordsOf } from '@dayframe/service-kit/search';
import { searchGoalRows } from './data/goal-search-repo.ts';
import type { GoalsScope } from './scope.ts';

/**
 * The caller's goals whose title and description hold every word of `q` (the last as a
 * prefix), best match first, the latest set first among equals.
 */
export async function searchGoals(
  scope: GoalsScope,
  userId: string,
  query: { q: string; limit: number; offset: number },
): Promise<GoalSearchResponse> {
  const words = searchWordsOf(query.q);
  if (words.length === 0) return { results: [], total: 0 };
  const { rows, total } = await searchGoalRows(scope.db, userId, words, query);
  return {
    results: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      description: row.description,
      // MySQL and SQLite both keep booleans as 0/1.
      completed: Boolean(row.completed),
      dateDue: row.date_due,
      dateComplete: row.date_complete ?? null,
      ...searchSnippet(row.description, words),
    })),
    total,
  };
}
