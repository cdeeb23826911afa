import type { EntrySearchResponse } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit/db';
import { searchWords, textMatchesAll } from '@dayframe/service-kit/search';
import { plainSnippet } from './search-snippet.ts';
import { entryMetaOf } from './data/entry-meta.ts';
import {
  countFilteredRows,
  filterEntryRows,
  filteredTexts,
  findFoundRows,
  journalIdsTitled,
  searchEntryRows,
  type EntryConditions,
  type FoundEntryRow,
} from './data/entry-search-repo.ts';
import {
  meetsTextChecks,
  parseEntrySearch,
  type EntrySearch,
  type SearchFilter,
} from './search-operators.ts';
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
      ? // The last plain word is a prefix (as typed so far); a phrase's words are whole.
        searchEntryRows(scope.db, userId, textWords, page, where, search.words.length > 0)
      : filterEntryRows(scope.db, userId, page, where);
  let found: { rows: FoundEntryRow[]; total: number };
  const narrow =
    textWords.length > 0 &&
    search.filters.length > 0 &&
    (await countFilteredRows(scope.db, userId, where)) <= CHECKED_CANDIDATES;
  if (narrow) found = await searchNarrowed(scope.db, userId, search, textWords, where, query);
  else if (!checked) found = await find(query);
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
      ...plainSnippet(row.content, textWords),
      ...entryMetaOf(row),
    })),
    total: found.total,
  };
}

/**
 * A search whose operators leave few entries (at most `CHECKED_CANDIDATES`): their words are
 * checked here on those entries, read on the operators' own indexes, instead of asking the
 * full-text index, which for a common word reads every user's entries holding it (about 20 ms
 * for "and" in the ten-year bench, against 1 ms for the starred ones; bench/RESULTS.md). The
 * best match comes first as the indexes weigh it: a word in the title counts four times, one in
 * the content once; then newest first.
 */
async function searchNarrowed(
  db: Knex,
  userId: string,
  search: EntrySearch,
  words: string[],
  where: EntryConditions,
  page: { limit: number; offset: number },
): Promise<{ rows: FoundEntryRow[]; total: number }> {
  const texts = await filteredTexts(db, userId, where, CHECKED_CANDIDATES);
  const lastIsPrefix = search.words.length > 0;
  const kept = texts
    .filter(
      (row) =>
        textMatchesAll(`${row.title}\n${row.content}`, words) && meetsTextChecks(search, row),
    )
    .map((row, newest) => ({
      seq: Number(row.seq),
      newest,
      score:
        4 * hitCount(row.title, words, lastIsPrefix) + hitCount(row.content, words, lastIsPrefix),
    }))
    .sort((a, b) => b.score - a.score || a.newest - b.newest);
  const seqs = kept.slice(page.offset, page.offset + page.limit).map((row) => row.seq);
  return { rows: await findFoundRows(db, userId, seqs), total: kept.length };
}

/** How many words of `text` answer a query word (the last as a prefix when it is one). */
function hitCount(text: string, words: readonly string[], lastIsPrefix: boolean): number {
  const last = words.length - 1;
  let hits = 0;
  for (const word of searchWords(text))
    if (words.some((w, i) => word === w || (lastIsPrefix && i === last && word.startsWith(w))))
      hits += 1;
  return hits;
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
