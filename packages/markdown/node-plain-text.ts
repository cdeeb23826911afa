import type { Nodes } from 'mdast';

// Nodes that end a line of their own in plain text.
const LINE_ENDING = new Set([
  'paragraph',
  'heading',
  'code',
  'listItem',
  'tableRow',
  'footnoteDefinition',
]);
// Parents whose raw HTML child is a block (a line of its own), not a phrase in a sentence.
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);
// Nodes whose text says nothing to a reader of a card.
const SILENT = new Set(['definition', 'footnoteReference', 'thematicBreak', 'yaml']);
// An embedded stored file (`![caption](media:<id>)`, decision 0048): its caption is most often a
// camera's file name, which says nothing on a card. The scheme is spelled here, not imported from
// contracts, because this file is compiled alone for the journals service's search snippets.
const MEDIA_EMBED = /^\s*media:/i;

/**
 * A syntax tree's words without Markdown, for cards and snippets: headings and emphasis lose their
 * marks, links keep their text, images their alt (embedded files nothing), code its code, table cells are joined by
 * spaces, task markers go. Blocks are lines; blank lines collapse.
 */
export function nodePlainText(tree: Nodes): string {
  const out: string[] = [];
  // Strings on the stack are separators to write once a node's children are done; the explicit
  // stack keeps 10,000 nested quotes from exhausting the call stack.
  const stack: (Nodes | string)[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') {
      out.push(node);
      continue;
    }
    if (SILENT.has(node.type)) continue;
    if (node.type === 'image' && MEDIA_EMBED.test(node.url)) continue;
    if (node.type === 'image' || node.type === 'imageReference') out.push(node.alt ?? '');
    else if (node.type === 'break') out.push('\n');
    else if ('value' in node) out.push(node.value);
    if (LINE_ENDING.has(node.type)) stack.push('\n');
    else if (node.type === 'tableCell') stack.push(' ');
    if (!('children' in node)) continue;
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i]!;
      if (child.type === 'html' && BLOCK_PARENTS.has(node.type)) stack.push('\n');
      stack.push(child);
    }
  }
  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
