import {
  SEARCH_MAX_WORDS,
  SEARCH_MESSAGES,
  isCalendarDate,
  isTag,
  normalTag,
} from '@dayframe/contracts';
import { badRequest } from '@dayframe/service-kit/http';
import { searchWords } from '@dayframe/service-kit/search';

/** A condition of an operator (`ENTRY_SEARCH_OPERATORS`); all of a query's must hold. */
export type SearchFilter =
  | { kind: 'tag'; tag: string }
  | { kind: 'mood'; op: '=' | '<' | '>' | '<=' | '>='; value: number }
  | { kind: 'journal'; title: string }
  | { kind: 'after' | 'before'; date: string }
  | { kind: 'starred' };

/**
 * A search for entries as typed: plain `words` (today's full-text rule: all must match, the
 * last as a prefix), `phrases` (folded words that must stand next to each other), `excluded`
 * (words or phrases that must not appear) and the operators' `filters`.
 */
export type EntrySearch = {
  words: string[];
  phrases: string[][];
  excluded: string[][];
  filters: SearchFilter[];
};

/**
 * One piece of a query: `-` (exclude), then `name:"quoted value"` or `name:value`, a quoted
 * phrase (an unclosed quote runs to the end), or any other run of non-spaces.
 */
const PIECE =
  /(?<neg>-)?(?:(?<name>[A-Za-z]+):(?:"(?<quoted>[^"]*)"?|(?<value>\S*))|"(?<phrase>[^"]*)"?|(?<word>\S+))/gu;

const MOOD = /^(<=|>=|=|<|>)?([1-5])$/;

function bad(message: string): never {
  throw badRequest(message, 'invalid_search_operator');
}

/** The filter of a known operator `name` with `value`; null for any other name (plain text). */
function filterOf(name: string, value: string): SearchFilter | null {
  switch (name) {
    case 'tag': {
      const tag = normalTag(value.replace(/^#/, ''));
      return isTag(tag) ? { kind: 'tag', tag } : bad(SEARCH_MESSAGES.badTag);
    }
    case 'mood': {
      const match = MOOD.exec(value);
      if (!match) bad(SEARCH_MESSAGES.badMood);
      const op = (match[1] ?? '=') as '=' | '<' | '>' | '<=' | '>=';
      return { kind: 'mood', op, value: Number(match[2]) };
    }
    case 'journal':
      return value.trim()
        ? { kind: 'journal', title: value.trim().toLowerCase() }
        : bad(SEARCH_MESSAGES.badJournal);
    case 'after':
    case 'before':
      if (!isCalendarDate(value))
        bad(name === 'after' ? SEARCH_MESSAGES.badAfter : SEARCH_MESSAGES.badBefore);
      return { kind: name, date: value };
    case 'is':
      return value.toLowerCase() === 'starred' ? { kind: 'starred' } : bad(SEARCH_MESSAGES.badIs);
    default:
      return null;
  }
}

/**
 * Reads the operators out of `q` (a 400 naming the first bad one); what is left is text. An
 * unknown `foo:bar` is the words "foo bar". At most `SEARCH_MAX_WORDS` words in all.
 */
export function parseEntrySearch(q: string): EntrySearch {
  const search: EntrySearch = { words: [], phrases: [], excluded: [], filters: [] };
  for (const piece of q.matchAll(PIECE)) {
    const { neg, name, quoted, value, phrase, word } = piece.groups!;
    if (name !== undefined) {
      const filter = neg ? null : filterOf(name.toLowerCase(), quoted ?? value ?? '');
      if (filter) {
        search.filters.push(filter);
        continue;
      }
    }
    const text = phrase ?? word ?? `${name} ${quoted ?? value ?? ''}`;
    const words = searchWords(text);
    if (words.length === 0) continue;
    if (neg) search.excluded.push(words);
    else if (phrase !== undefined) search.phrases.push(words);
    else search.words.push(...words);
  }
  const count = search.words.length + search.phrases.flat().length + search.excluded.flat().length;
  if (count > SEARCH_MAX_WORDS)
    throw badRequest(SEARCH_MESSAGES.tooManyWords, 'too_many_search_words');
  return search;
}

/** True when `sequence` stands, word after word, among `words`. */
function holdsSequence(words: readonly string[], sequence: readonly string[]): boolean {
  outer: for (let i = 0; i + sequence.length <= words.length; i++) {
    for (let k = 0; k < sequence.length; k++) if (words[i + k] !== sequence[k]) continue outer;
    return true;
  }
  return false;
}

/**
 * The checks the indexes cannot make: every phrase stands in the title or the content, and no
 * excluded word or phrase does.
 */
export function meetsTextChecks(
  search: EntrySearch,
  entry: { title: string; content: string },
): boolean {
  const fields = [searchWords(entry.title), searchWords(entry.content)];
  const holds = (sequence: string[]) => fields.some((words) => holdsSequence(words, sequence));
  return search.phrases.every(holds) && !search.excluded.some(holds);
}
