/**
 * Search: words folded for matching, snippets and excerpts, and the full-text index on MySQL
 * (FULLTEXT) or SQLite (FTS5).
 *
 * @example
 * import { searchFullText, searchSnippet } from '@dayframe/service-kit/search';
 */
export * from './search-text.ts';
export * from './full-text.ts';
