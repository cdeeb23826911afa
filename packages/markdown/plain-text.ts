import { nodePlainText } from './node-plain-text.ts';
import { parseMarkdown } from './parse.ts';

/**
 * The entry's words without Markdown, for cards and snippets: headings and emphasis lose their
 * marks, links keep their text, images their alt, code its code, table cells are joined by
 * spaces, task markers go. Blocks are lines; blank lines collapse.
 */
export function toPlainText(source: string): string {
  return nodePlainText(parseMarkdown(source));
}

/**
 * The plain text of an entry's opening: at most `chars` characters of source, cut at the last
 * line end inside them, so a card that shows three lines does not parse 50,000 characters (the
 * parser takes tens of milliseconds per 10,000 on a laptop; a page holds 50 cards). A reference
 * link defined below the cut shows as its text in brackets.
 */
export function plainTextOpening(source: string, chars: number): string {
  if (source.length <= chars) return toPlainText(source);
  const lineEnd = source.lastIndexOf('\n', chars);
  return toPlainText(source.slice(0, lineEnd > 0 ? lineEnd : chars));
}
