import type { ListItem, Nodes } from 'mdast';
import { parseMarkdown } from './parse.ts';

/** Every task list item (`- [ ]`, `- [x]`) in document order, the order the renderer numbers them. */
export function taskItems(tree: Nodes): ListItem[] {
  const found: ListItem[] = [];
  // An explicit stack: a deeply nested hostile entry cannot exhaust the call stack.
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'listItem' && typeof node.checked === 'boolean') found.push(node);
    if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}

// The check comes right after the list marker (`-`, `*`, `+` or up to nine digits and `.`/`)`)
// and its spaces, so it lies within this many characters of the item's start.
const CHECK_WINDOW = 24;

/**
 * The source with the `index`-th task (0-based, document order) ticked or unticked. The item is
 * found by the parser's positions and only its own `[ ]`/`[x]` is rewritten; an index out of range
 * gives the source unchanged.
 */
export function toggleTask(source: string, index: number, checked: boolean): string {
  const item = taskItems(parseMarkdown(source))[index];
  const start = item?.position?.start.offset;
  if (item === undefined || start === undefined) return source;
  const window = source.slice(start, start + CHECK_WINDOW);
  const at = /\[[ \txX]\]/.exec(window);
  if (!at) return source;
  const mark = start + at.index + 1;
  return source.slice(0, mark) + (checked ? 'x' : ' ') + source.slice(mark + 1);
}
