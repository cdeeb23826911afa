// The entries feature's front door: a journal's entries, which the journal page lists and adds to.
export { createEntry, listEntries } from './api/entries-calls.ts';
