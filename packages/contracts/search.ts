import { z } from 'zod';
import { entryMeta } from './entries.ts';
import { TAG_MAX_LENGTH } from './tags.ts';

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
/** Deeper than anyone pages by hand; a bigger offset is refused rather than scanned. */
export const SEARCH_MAX_OFFSET = 10_000;
export const SEARCH_MAX_LENGTH = 200;
/** Words of a query after punctuation is dropped; every one must match. */
export const SEARCH_MAX_WORDS = 12;

export const SEARCH_MESSAGES = {
  empty: 'Type something to search',
  notText: 'Send one search text (q)',
  tooLong: `Search for at most ${SEARCH_MAX_LENGTH} characters`,
  tooManyWords: `Search for at most ${SEARCH_MAX_WORDS} words`,
  limit: `limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`,
  offset: `offset must be a whole number from 0 to ${SEARCH_MAX_OFFSET}`,
  badTag: `tag must be 1–${TAG_MAX_LENGTH} letters, digits, - or _`,
  badMood: 'mood must be 1–5 with =, <, >, <= or >=',
  badJournal: 'journal must name a journal: journal:Travel or journal:"Trip to Rome"',
  badAfter: 'after must be a date YYYY-MM-DD',
  badBefore: 'before must be a date YYYY-MM-DD',
  badIs: 'is can only be is:starred',
} as const;

/** An optional whole-number query parameter: absent or empty means `fallback`. */
function wholeNumberParam(min: number, max: number, fallback: number, message: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): number => {
      if (value === undefined || value === '') return fallback;
      const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      if (!(n >= min && n <= max)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

/**
 * GET /api/search/entries and GET /api/search/goals: `q` is what the person typed, taken as
 * plain words (`*`, `AND`, `NEAR` are text, never query syntax); every word must match, the last
 * one as a prefix. Entries also understand `ENTRY_SEARCH_OPERATORS` (quotes and `-` among them);
 * goals take those as text. Other query parameters are ignored.
 */
export const searchQuery = z.object({
  q: z
    .unknown()
    .optional()
    .transform((value, ctx): string => {
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: SEARCH_MESSAGES.empty });
        return z.NEVER;
      }
      if (typeof value !== 'string') {
        ctx.addIssue({ code: 'custom', message: SEARCH_MESSAGES.notText });
        return z.NEVER;
      }
      const q = value.trim();
      if (!q) ctx.addIssue({ code: 'custom', message: SEARCH_MESSAGES.empty });
      else if (q.length > SEARCH_MAX_LENGTH)
        ctx.addIssue({ code: 'custom', message: SEARCH_MESSAGES.tooLong });
      return q;
    }),
  limit: wholeNumberParam(1, SEARCH_MAX_LIMIT, SEARCH_DEFAULT_LIMIT, SEARCH_MESSAGES.limit),
  offset: wholeNumberParam(0, SEARCH_MAX_OFFSET, 0, SEARCH_MESSAGES.offset),
});
export type SearchQuery = z.input<typeof searchQuery>;

/**
 * `[start, end)` offsets of a match in `snippet`, in JavaScript string indexes (UTF-16 code
 * units): `snippet.slice(start, end)` is the matched text. Render them as elements; the
 * snippet is plain text, never HTML.
 */
export const searchHighlight = z.tuple([z.number().int(), z.number().int()]);
export type SearchHighlight = z.infer<typeof searchHighlight>;

/** What every result carries: at most about 200 characters around the best match, and its matches. */
const matchedText = {
  snippet: z.string(),
  highlights: z.array(searchHighlight),
};

/** An entry found: its journal and date, for the link to `/journals/{journalId}/entries/{_id}`. */
export const entrySearchResult = z.object({
  _id: z.string(),
  journalId: z.string(),
  journalTitle: z.string(),
  title: z.string(),
  date: z.string(),
  ...matchedText,
  ...entryMeta,
});
export type EntrySearchResult = z.infer<typeof entrySearchResult>;

/** GET /api/search/entries: one page of results, best match first, and how many match in all. */
export const entrySearchResponse = z.object({
  results: z.array(entrySearchResult),
  total: z.number().int(),
});
export type EntrySearchResponse = z.infer<typeof entrySearchResponse>;

export const goalSearchResult = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  completed: z.boolean(),
  dateDue: z.string(),
  dateComplete: z.string().nullable(),
  ...matchedText,
});
export type GoalSearchResult = z.infer<typeof goalSearchResult>;

/** GET /api/search/goals: one page of results, best match first, and how many match in all. */
export const goalSearchResponse = z.object({
  results: z.array(goalSearchResult),
  total: z.number().int(),
});
export type GoalSearchResponse = z.infer<typeof goalSearchResponse>;
