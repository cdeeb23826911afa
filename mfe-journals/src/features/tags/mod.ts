// The tags feature's front door: the caller's tags, which the shell's palette also lists
// (through the API, not this module); its screens are mounted by routes.tsx.
export { listTags } from './api/tags-calls.ts';
