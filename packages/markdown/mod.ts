// The Markdown of entries: parsed by micromark (CommonMark + GFM), rendered by our own walk to
// React elements (never HTML), stripped to plain text for cards, and task boxes ticked in the
// source. `./plain-text` and `./tasks` are entry points of their own for screens that need only those.
export { Markdown, MAX_DEPTH, type MarkdownProps } from './render.tsx';
export { plainTextOpening, toPlainText } from './plain-text.ts';
export { toggleTask, taskItems } from './tasks.ts';
export { parseMarkdown } from './parse.ts';
export { MEDIA_PREFIX, safeLinkHref, safeMediaSrc } from './safe-urls.ts';
export { mediaFilesIn, type MediaFileRef } from './media-files.ts';
