import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { optionalText, requiredText } from './fields.ts';
import { requiredCalendarDate } from './date-fields.ts';

export const ENTRY_MESSAGES = {
  newMissing: 'Please fill out entry',
  editMissing: 'All fields are required',
  dateMissing: 'Please pick a date for the entry',
  titleTooLong: `Title must be at most ${LIMITS.title} characters`,
  contentTooLong: `Entry must be at most ${LIMITS.content} characters`,
  notFound: 'Entry not found',
  deleted: 'Entry deleted',
} as const;

/**
 * POST /api/entry/{journalId}. Content and date are required; the title may be empty because
 * the journal page's form only insists on content (spec §5). Quick entry checks the title itself.
 */
export const createEntryRequest = z.object({
  title: optionalText(LIMITS.title, ENTRY_MESSAGES.titleTooLong),
  content: requiredText(LIMITS.content, ENTRY_MESSAGES.newMissing, ENTRY_MESSAGES.contentTooLong),
  date: requiredCalendarDate(ENTRY_MESSAGES.dateMissing),
});
export type CreateEntryRequest = z.input<typeof createEntryRequest>;

/**
 * PUT /api/entry/{journalId}/{entryId}: title and content (spec §5). An entry keeps its date;
 * "a change required" is the form's check, the server accepts an unchanged entry.
 */
export const updateEntryRequest = z.object({
  title: requiredText(LIMITS.title, ENTRY_MESSAGES.editMissing, ENTRY_MESSAGES.titleTooLong),
  content: requiredText(LIMITS.content, ENTRY_MESSAGES.editMissing, ENTRY_MESSAGES.contentTooLong),
});
export type UpdateEntryRequest = z.input<typeof updateEntryRequest>;

/** GET /api/entry/{journalId}/dated?date=YYYY-MM-DD. Other query parameters are ignored. */
export const datedEntryQuery = z.object({
  date: requiredCalendarDate(ENTRY_MESSAGES.dateMissing),
});
export type DatedEntryQuery = z.input<typeof datedEntryQuery>;

/** An entry (spec §3); `date` is the `YYYY-MM-DD` the writer chose, never shifted. */
export const entry = z.object({
  _id: z.string(),
  journalId: z.string(),
  title: z.string(),
  content: z.string(),
  date: z.string(),
  type: z.literal('entry'),
});
export type Entry = z.infer<typeof entry>;

/** GET /api/entry/{journalId}: the journal's entries by date, latest first. */
export const entryList = z.array(entry);
export type EntryList = z.infer<typeof entryList>;

/**
 * GET /api/entry/{journalId}/dated answers 200 with the day's entry (the latest written, when
 * several share the day) or 200 with `{}` when there is none: "the entry for that day, or
 * empty" (spec §7). `{}` rather than `null` so every answer is a JSON object; tell them apart
 * with `'_id' in body`.
 */
export const datedEntryResponse = z.union([entry, z.strictObject({})]);
export type DatedEntryResponse = z.infer<typeof datedEntryResponse>;
