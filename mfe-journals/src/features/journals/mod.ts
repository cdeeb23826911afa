// The journals feature's front door: the journal list, which quick entry offers to write in.
export { listJournals } from './api/journals-calls.ts';
