import { toPlainText } from '@dayframe/markdown/plain-text';
import { searchSnippet, type Snippet } from '@dayframe/service-kit/search';

/**
 * A sign Markdown gives meaning to: emphasis, code, headings, quotes, links, tables,
 * strikethrough, HTML and entities, escapes, list items, setext underlines, indented code.
 * Text without any is its own plain text.
 */
const MARKDOWN_SIGN =
  /[*_`#>[\]|~<\\&]|^[ \t]*(?:[-+]|\d{1,9}[.)])(?:[ \t]|$)|^[ \t]*(?:=+|-+)[ \t]*$|^(?: {4}|\t)/m;

/** Past this many characters only the blocks around the match are parsed. */
const PARSED_MAX = 4_000;

/**
 * An entry's search snippet in plain text (issue 25): Markdown's marks and link targets
 * stripped, the highlights offsets into the words shown. Parsing costs about a millisecond a
 * kilobyte, so a page of twenty long entries would spend most of a search on it: prose without
 * a Markdown sign is taken as it is, and a long entry has only the paragraphs from its first
 * match on parsed (about as much as a snippet can show, and then some).
 */
export function plainSnippet(content: string, words: readonly string[]): Snippet {
  if (!MARKDOWN_SIGN.test(content)) return searchSnippet(content, words);
  return searchSnippet(toPlainText(aroundFirstMatch(content, words)), words);
}

/** The blank-line-separated blocks of `content` from the first that holds a match, bounded. */
function aroundFirstMatch(content: string, words: readonly string[]): string {
  if (content.length <= PARSED_MAX) return content;
  const blocks = content.split(/\n[ \t]*\n/);
  let first = blocks.findIndex((block) => searchSnippet(block, words).highlights.length > 0);
  if (first < 0) first = 0;
  let text = '';
  for (let i = first; i < blocks.length && text.length < PARSED_MAX; i++)
    text += `${blocks[i]}\n\n`;
  return text.slice(0, PARSED_MAX * 2);
}
