import type { Nodes } from 'mdast';
import { mediaIdOf } from '@dayframe/contracts';
import { parseMarkdown } from './parse.ts';

/** A file embedded in an entry (`![caption](media:<id>)`), as the reader sees it in the text. */
export type MediaEmbedRef = { id: string; caption: string };

/**
 * The files an entry embeds, in text order, each once (its first caption), as the renderer sees
 * them: a `media:` target inside a code span or block is code, not a file. The gallery under an
 * entry lists these.
 */
export function mediaEmbedsIn(source: string): MediaEmbedRef[] {
  const found: MediaEmbedRef[] = [];
  const seen = new Set<string>();
  const stack: Nodes[] = [parseMarkdown(source)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'image') {
      const id = mediaIdOf(node.url);
      if (id && !seen.has(id)) {
        seen.add(id);
        found.push({ id, caption: node.alt ?? '' });
      }
    }
    if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}
