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
