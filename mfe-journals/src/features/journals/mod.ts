// The journals feature's front door: the journal list, which quick entry offers to write in.
export { listJournals } from './api/journals-calls.ts';
// A grid of entry cards, paged: the tag and starred screens list entries as a journal does.
export { EntryGrid } from './components/entry-grid.tsx';
