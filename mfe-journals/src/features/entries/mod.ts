// The entries feature's front door: a journal's entries, which the journal page lists and adds to.
export { createEntry, listEntries } from './api/entries-calls.ts';
// Markdown: the editor for the New Entry form (its toolbar and preview load lazily).
export { LazyMarkdownEditor } from './components/lazy-markdown-editor.tsx';
// Tags and mood: the fields every entry form shows below its editor.
export { EntryMetaFields } from './components/entry-meta-fields.tsx';
export { NO_META, type EntryMeta } from './components/entry-meta.ts';
// Starting an entry: the prompt of the day and templates, above the editor of both new-entry forms.
export { EntryStarters } from './components/entry-starters.tsx';
