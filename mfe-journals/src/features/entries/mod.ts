// The entries feature's front door: a journal's entries, which the journal page lists and adds to.
export { createEntry, listEntries } from './api/entries-calls.ts';
// Markdown: the lazily loaded editor for the New Entry form, and cards' plain-text previews.
export { LazyMarkdownEditor } from './components/lazy-markdown-editor.tsx';
export { usePlainText } from './components/plain-text-preview.tsx';
