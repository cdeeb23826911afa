import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { capNesting } from './nesting.ts';
import { capInlineMarkers } from './inline-markers.ts';

/**
 * An entry's Markdown as a syntax tree: CommonMark plus GitHub's tables, task lists,
 * strikethrough, autolinks and footnotes, each node with its place in the source. micromark is a
 * state machine over the characters; nesting and inline markers are capped first (nesting.ts,
 * inline-markers.ts), which keeps parsing
 * linear on hostile input; raw HTML comes
 * back as `html` nodes, which the renderer shows as text.
 */
export function parseMarkdown(source: string): Root {
  return fromMarkdown(capInlineMarkers(capNesting(source)), {
    extensions: MICROMARK,
    mdastExtensions: MDAST,
  });
}

const MICROMARK = [gfm()];
// micromark itself finds `www.` and `https://` literals. The tree transform that looks for more
// (e-mail addresses in text) walks the tree recursively, and 10,000 nested quotes overflow the
// call stack there, so it is left out: an address written as `<ada@example.com>` still links.
const MDAST = gfmFromMarkdown().map(({ transforms: _transforms, ...extension }) => extension);
