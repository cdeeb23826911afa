import type { EntrySearchResponse } from '@dayframe/contracts';
import { searchSnippet, searchWordsOrBadRequest } from '@dayframe/service-kit/search';
import { searchEntryRows } from './data/entry-search-repo.ts';
import type { JournalsScope } from './scope.ts';

/**
 * The caller's entries whose title and content hold every word of `q` (the last as a prefix),
 * best match first, newest first among equals. A query of punctuation or emoji alone has no
 * word to look for and finds nothing.
 */
export async function searchEntries(
  scope: JournalsScope,
  userId: string,
  query: { q: string; limit: number; offset: number },
): Promise<EntrySearchResponse> {
  const words = searchWordsOrBadRequest(query.q);
  if (words.length === 0) return { results: [], total: 0 };
  const { rows, total } = await searchEntryRows(scope.db, userId, words, query);
  return {
    results: rows.map((row) => ({
      _id: row.id,
      journalId: row.journal_id,
      journalTitle: row.journal_title,
      title: row.title,
      date: row.date,
      ...searchSnippet(row.content, words),
    })),
    total,
  };
}
