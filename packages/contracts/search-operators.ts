// Apart from the schemas in search.ts: the search screen's and the palette's help show these
// without loading zod (a module is bundled whole once one of its exports is used).

/**
 * The operators of GET /api/search/entries (issue 25), for the search box's help. They combine
 * (all must hold) with each other and with plain words; `foo:bar` with any other name is text.
 */
export const ENTRY_SEARCH_OPERATORS = [
  { operator: 'tag:', example: 'tag:travel', meaning: 'Entries with this tag' },
  {
    operator: 'mood:',
    example: 'mood:>=4',
    meaning: 'Entries whose mood compares so (=, <, >, <=, >=; mood:4 is =4)',
  },
  {
    operator: 'journal:',
    example: 'journal:"Trip to Rome"',
    meaning: 'Entries of the journal with this title (any case; quote a title with spaces)',
  },
  {
    operator: 'after:',
    example: 'after:2025-01-01',
    meaning: 'Entries dated on or after this day',
  },
  {
    operator: 'before:',
    example: 'before:2025-12-31',
    meaning: 'Entries dated on or before this day',
  },
  { operator: 'is:starred', example: 'is:starred', meaning: 'Starred entries only' },
  { operator: '"…"', example: '"exact phrase"', meaning: 'These words next to each other' },
  { operator: '-', example: '-work', meaning: 'Entries without this word' },
] as const;
export type EntrySearchOperator = (typeof ENTRY_SEARCH_OPERATORS)[number];
