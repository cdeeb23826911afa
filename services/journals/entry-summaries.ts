import type { EntrySummary } from '@dayframe/contracts';
import { plainTextOpening } from '@dayframe/markdown/plain-text';
import { findEntriesById } from './data/entry-repo.ts';
import type { JournalsScope } from './scope.ts';

/** How much of an entry's opening a revisit reminder quotes, in characters of plain text. */
export const EXCERPT_CHARS = 200;

/**
 * What a revisit reminder quotes of the user's entries `ids` (issue 27): title, date and the
 * opening as plain text, Markdown stripped as for search snippets and cards. Other people's and
 * deleted entries are left out, so the caller learns nothing about ids that are not the user's.
 */
export async function entrySummaries(
  scope: JournalsScope,
  userId: string,
  ids: readonly string[],
): Promise<EntrySummary[]> {
  const found = await findEntriesById(scope.db, userId, [...new Set(ids)]);
  return found.map(({ content, ...entry }) => ({ ...entry, excerpt: excerptOf(content) }));
}

/** The opening's plain text on one line, cut at a word within `EXCERPT_CHARS`. */
export function excerptOf(content: string): string {
  // Parsing a few times the excerpt's length is enough: Markdown's marks are a small share.
  const plain = plainTextOpening(content, EXCERPT_CHARS * 4)
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= EXCERPT_CHARS) return plain;
  const cut = plain.slice(0, EXCERPT_CHARS);
  const wordEnd = cut.lastIndexOf(' ');
  return `${(wordEnd > EXCERPT_CHARS / 2 ? cut.slice(0, wordEnd) : cut).trimEnd()}…`;
}
