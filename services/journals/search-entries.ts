import type { EntrySearchResponse } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit/db';
import { searchSnippet } from '@dayframe/service-kit/search';
import { toPlainText } from '@dayframe/markdown/plain-text';
import { entryMetaOf } from './data/entry-meta.ts';
import {
  filterEntryRows,
  journalIdsTitled,
  searchEntryRows,
  type EntryConditions,
  type FoundEntryRow,
} from './data/entry-search-repo.ts';
import { meetsTextChecks, parseEntrySearch, type SearchFilter } from './search-operators.ts';
import type { JournalsScope } from './scope.ts';

/**
 * Phrases and exclusions are checked on the rows the indexes found, newest first among the best:
 * at most this many are read for one search (a page and `total` then count within them).
 */
export const CHECKED_CANDIDATES = 500;

/**
 * The caller's entries whose title and content hold every word of `q` (the last as a prefix),
 * best match first, newest first among equals, narrowed by its operators
 * (`ENTRY_SEARCH_OPERATORS`). A query of operators alone lists the matching entries newest
 * first. A query of punctuation or emoji alone has no word to look for and finds nothing.
 */
export async function searchEntries(
  scope: JournalsScope,
  userId: string,
  query: { q: string; limit: number; offset: number },
): Promise<EntrySearchResponse> {
  const search = parseEntrySearch(query.q);
  const textWords = [...search.phrases.flat(), ...search.words];
  const checked = search.phrases.length > 0 || search.excluded.length > 0;
  if (textWords.length === 0 && search.filters.length === 0 && !checked)
    return { results: [], total: 0 };
  const where = await conditionsOf(scope.db, userId, search.filters);
  if (!where) return { results: [], total: 0 };
  const find = (page: { limit: number; offset: number }) =>
    textWords.length > 0
      ? searchEntryRows(scope.db, userId, textWords, page, where)
      : filterEntryRows(scope.db, userId, page, where);
  let found: { rows: FoundEntryRow[]; total: number };
  if (!checked) found = await find(query);
  else {
    const candidates = await find({ limit: CHECKED_CANDIDATES, offset: 0 });
    const kept = candidates.rows.filter((row) => meetsTextChecks(search, row));
    found = { rows: kept.slice(query.offset, query.offset + query.limit), total: kept.length };
  }
  return {
    results: found.rows.map((row) => ({
      _id: row.id,
      journalId: row.journal_id,
      journalTitle: row.journal_title,
      title: row.title,
      date: row.date,
      // Snippets are plain text (issue 25): marks and link targets go, and the highlights are
      // offsets into the words shown.
      ...searchSnippet(toPlainText(row.content), textWords),
      ...entryMetaOf(row),
    })),
    total: found.total,
  };
}

/**
 * The filters as conditions on the entries (`t`), or null when one can match nothing (no
 * journal has the title asked for).
 */
async function conditionsOf(
  db: Knex,
  userId: string,
  filters: SearchFilter[],
): Promise<EntryConditions | null> {
  const journals: string[][] = [];
  for (const filter of filters)
    if (filter.kind === 'journal') {
      const ids = await journalIdsTitled(db, userId, filter.title);
      if (ids.length === 0) return null;
      journals.push(ids);
    }
  return (query) => {
    for (const ids of journals) query.whereIn('t.journal_id', ids);
    for (const filter of filters) {
      if (filter.kind === 'tag')
        query.whereIn(
          't.id',
          db('entry_tags').select('entry_id').where({ user_id: userId, tag: filter.tag }),
        );
      else if (filter.kind === 'mood') query.where('t.mood', filter.op, filter.value);
      else if (filter.kind === 'after') query.where('t.date', '>=', filter.date);
      else if (filter.kind === 'before') query.where('t.date', '<=', filter.date);
      else if (filter.kind === 'starred') query.where('t.starred', true);
    }
  };
}
