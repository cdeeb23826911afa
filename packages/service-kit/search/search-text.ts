/**
 * Search text on the TypeScript side: the one normalisation (NFD, marks removed, lower case)
 * that both full-text indexes also apply, the words of a query, and the plain-text snippet
 * with highlight offsets computed over a row's original text. Offsets are JavaScript string
 * indexes (UTF-16 code units), so a front end slices the snippet with them as they are.
 */
import { SEARCH_MAX_WORDS, SEARCH_MESSAGES } from '@dayframe/contracts';
import { badRequest } from '../http/errors.ts';

/** A word is a run of letters and digits; everything else (punctuation, emoji, `_`) separates. */
const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}/gu;

/** Lower case without accents: "Café" and "CAFE" both fold to "cafe". */
export function foldText(text: string): string {
  return text.normalize('NFD').toLowerCase().normalize('NFD').replace(MARKS, '');
}

/**
 * The folded text with, for each of its code units, the range of the original text it came
 * from, so a match found in the folded text is shown on the original. ASCII text (most of it)
 * folds by `toLowerCase` alone, one unit for one.
 */
function foldWithOrigins(text: string): {
  folded: string;
  from: (k: number) => number;
  to: (k: number) => number;
} {
  if (!/[^\p{ASCII}]/u.test(text))
    return { folded: text.toLowerCase(), from: (k) => k, to: (k) => k + 1 };
  const parts: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let run = 0; // where the current stretch of ASCII began
  for (let i = 0; i < text.length;) {
    if (text.charCodeAt(i) < 0x80) {
      from.push(i);
      to.push(i + 1);
      i++;
      continue;
    }
    if (run < i) parts.push(text.slice(run, i).toLowerCase());
    const char = String.fromCodePoint(text.codePointAt(i)!);
    const part = foldText(char);
    for (let k = 0; k < part.length; k++) {
      from.push(i);
      to.push(i + char.length);
    }
    parts.push(part);
    i += char.length;
    run = i;
  }
  if (run < text.length) parts.push(text.slice(run).toLowerCase());
  return { folded: parts.join(''), from: (k) => from[k]!, to: (k) => to[k]! };
}

/**
 * The folded words of a query. Every word must match; the last one matches as a prefix
 * (someone is still typing it). Quotes, operators and emoji are separators, never syntax.
 */
export function searchWords(query: string): string[] {
  return foldText(query).match(WORD) ?? [];
}

/** True when `word` (folded) answers the query word at `index` of `words`. */
function answers(word: string, words: readonly string[], index: number): boolean {
  const wanted = words[index]!;
  return index === words.length - 1 ? word.startsWith(wanted) : word === wanted;
}

/** True when every query word appears in `text` (the last as a prefix), by the rule above. */
export function textMatchesAll(text: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const found = new Set<number>();
  for (const word of foldText(text).match(WORD) ?? []) {
    for (let i = 0; i < words.length; i++) if (answers(word, words, i)) found.add(i);
    if (found.size === words.length) return true;
  }
  return false;
}

type Hit = { start: number; end: number; word: number };

function hitsIn(text: string, words: readonly string[]): Hit[] {
  const { folded, from, to } = foldWithOrigins(text);
  const hits: Hit[] = [];
  for (const match of folded.matchAll(WORD)) {
    const start = match.index;
    for (let i = 0; i < words.length; i++) {
      if (!answers(match[0], words, i)) continue;
      // A prefix lights up only the typed part ("journ" in "journaling"); a word the whole word.
      const length = i === words.length - 1 ? words[i]!.length : match[0].length;
      hits.push({ start: from(start), end: to(start + length - 1), word: i });
      break;
    }
  }
  return hits;
}

export type Snippet = { snippet: string; highlights: [number, number][] };

export const SNIPPET_MAX = 200;
const LEAD = 60;
const ELLIPSIS = '…';

/** What `\s` matches, by code, without a regular expression per character. */
function isSpace(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return /\s/.test(c);
}
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * At most `max` characters of `text` around its best match (the window holding the most
 * different query words, earliest first), whitespace collapsed, cut between words with an
 * ellipsis where text was left out, and the matches in it as `[start, end)` offsets. With no
 * match (the words were in the title) it is the beginning of the text, without highlights.
 */
export function searchSnippet(
  text: string,
  words: readonly string[],
  max: number = SNIPPET_MAX,
): Snippet {
  const hits = words.length ? hitsIn(text, words) : [];
  let anchor = 0;
  // The hit that opens the window holding the most different words (hits are in text order).
  const span = max - LEAD;
  const inWindow = new Map<number, number>();
  let best = -1;
  for (let first = 0, next = 0; first < hits.length; first++) {
    next = Math.max(next, first);
    while (next < hits.length && hits[next]!.end <= hits[first]!.start + span) {
      const word = hits[next]!.word;
      inWindow.set(word, (inWindow.get(word) ?? 0) + 1);
      next++;
    }
    if (inWindow.size > best) {
      best = inWindow.size;
      anchor = hits[first]!.start;
    }
    if (next > first) {
      const word = hits[first]!.word;
      const left = inWindow.get(word)! - 1;
      if (left > 0) inWindow.set(word, left);
      else inWindow.delete(word);
    }
  }
  let start = Math.max(0, anchor - LEAD);
  // Start at a word's beginning when one is near, so the snippet does not open mid-word.
  if (start > 0) {
    const space = text.slice(start, anchor).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  while (start > 0 && isLowSurrogate(text.charCodeAt(start))) start--;
  return window(text, start, max, hits);
}

/** The first `max` characters of `text`, whitespace collapsed, cut between words. */
export function textExcerpt(text: string, max: number = SNIPPET_MAX): string {
  return window(text, 0, max, []).snippet;
}

function window(text: string, start: number, max: number, hits: Hit[]): Snippet {
  // Leading whitespace never counts; the collapsed text is built with a map back to `text`.
  while (start < text.length && isSpace(text[start])) start++;
  const lead = text.slice(0, start).trim() ? ELLIPSIS : '';
  let out = lead;
  const at: number[] = []; // at[k] = index in `text` of out[k + lead.length]
  const end = text.trimEnd().length;
  let cut = false;
  for (let i = start; i < end; i++) {
    const c = text[i]!;
    if (isSpace(c) && i > start && isSpace(text[i - 1])) continue;
    if (out.length + 1 > max - ELLIPSIS.length) {
      cut = true;
      break;
    }
    out += isSpace(c) ? ' ' : c;
    at.push(i);
  }
  if (cut) {
    // Back off to the last space, unless that would leave too little text.
    const lastSpace = out.lastIndexOf(' ');
    if (lastSpace > lead.length + max / 2) {
      out = out.slice(0, lastSpace);
      at.length = lastSpace - lead.length;
    }
    const last = out.charCodeAt(out.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      // Never half an emoji.
      out = out.slice(0, -1);
      at.length -= 1;
    }
    out += ELLIPSIS;
  }
  const shownFrom = at[0] ?? start;
  const shownTo = at.length ? at[at.length - 1]! + 1 : start;
  const highlights: [number, number][] = [];
  for (const hit of hits) {
    if (hit.start < shownFrom || hit.end > shownTo) continue;
    const s = offsetOf(at, hit.start) + lead.length;
    const e = offsetOf(at, hit.end - 1) + lead.length + 1;
    const previous = highlights[highlights.length - 1];
    if (previous && s <= previous[1]) previous[1] = Math.max(previous[1], e);
    else highlights.push([s, e]);
  }
  return { snippet: out, highlights };
}

/** Position in the collapsed text of original index `index` (which is always shown). */
function offsetOf(at: number[], index: number): number {
  let low = 0;
  let high = at.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (at[mid]! < index) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The words of a search the person typed (already checked as non-empty text by the contract),
 * or a 400 when there are more than a search may have.
 */
export function searchWordsOrBadRequest(query: string): string[] {
  const words = searchWords(query);
  if (words.length > SEARCH_MAX_WORDS)
    throw badRequest(SEARCH_MESSAGES.tooManyWords, 'too_many_search_words');
  return words;
}
