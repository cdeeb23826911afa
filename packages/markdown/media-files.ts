import type { Nodes } from 'mdast';
import { mediaIdOf } from '@dayframe/contracts';
import { parseMarkdown } from './parse.ts';
import { nodePlainText } from './node-plain-text.ts';

/**
 * A file an entry refers to: embedded (`![caption](media:<id>)`) or linked
 * (`[words](media:<id>)`, the words as its caption).
 */
export type MediaFileRef = { id: string; caption: string; embedded: boolean };

/**
 * The files an entry refers to, in text order, each once (its first use), as the renderer sees
 * them: a `media:` target inside a code span or block is code, not a file. The gallery and file
 * list under an entry show these.
 */
export function mediaFilesIn(source: string): MediaFileRef[] {
  const found: MediaFileRef[] = [];
  const seen = new Set<string>();
  const stack: Nodes[] = [parseMarkdown(source)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'image' || node.type === 'link') {
      const id = mediaIdOf(node.url);
      if (id && !seen.has(id)) {
        seen.add(id);
        const embedded = node.type === 'image';
        found.push({ id, caption: embedded ? (node.alt ?? '') : nodePlainText(node), embedded });
      }
    }
    if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}
