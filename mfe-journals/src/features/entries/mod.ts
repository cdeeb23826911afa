// The entries feature's front door: a journal's entries, which the journal page lists and adds to.
export { createEntry, listEntries } from './api/entries-calls.ts';
// Markdown: the editor for the New Entry form (its toolbar and preview load lazily).
export { LazyMarkdownEditor } from './components/lazy-markdown-editor.tsx';
// Starting an entry: the prompt of the day and templates, above the editor of both new-entry forms.
export { EntryStarters } from './components/entry-starters.tsx';
