import { LIMITS } from './limits.ts';
import { TAG_MAX_LENGTH, TAGS_PER_ENTRY } from './tags.ts';

// Apart from the schemas in entries.ts: a screen that shows these words must not load zod with
// them (a module is bundled whole once one of its exports is used).
export const ENTRY_MESSAGES = {
  newMissing: 'Please fill out entry',
  editMissing: 'All fields are required',
  dateMissing: 'Please pick a date for the entry',
  titleTooLong: `Title must be at most ${LIMITS.title} characters`,
  contentTooLong: `Entry must be at most ${LIMITS.content} characters`,
  notFound: 'Entry not found',
  deleted: 'Entry deleted',
  badTag: (tag: string) => `Tag "${tag}" must be 1–${TAG_MAX_LENGTH} letters, digits, - or _`,
  tagsNotList: 'Tags must be a list of words',
  tooManyTags: `An entry can have at most ${TAGS_PER_ENTRY} tags`,
  badMood: 'Mood must be a whole number from 1 to 5',
  badStarred: 'Starred must be true or false',
} as const;
