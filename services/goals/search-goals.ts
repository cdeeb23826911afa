import type { GoalSearchResponse } from '@dayframe/contracts';
import { searchSnippet, searchWordsOrBadRequest } from '@dayframe/service-kit/search';
import { searchGoalsByWords } from './data/goal-search-repo.ts';
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
  const words = searchWordsOrBadRequest(query.q);
  if (words.length === 0) return { results: [], total: 0 };
  const { goals, total } = await searchGoalsByWords(scope.db, userId, words, query);
  return {
    results: goals.map(({ _id, title, description, completed, dateDue, dateComplete }) => ({
      _id,
      title,
      description,
      completed,
      dateDue,
      dateComplete,
      ...searchSnippet(description, words),
    })),
    total,
  };
}
