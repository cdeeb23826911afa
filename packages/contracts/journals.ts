import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { optionalText, requiredText } from './fields.ts';

export const JOURNAL_MESSAGES = {
  titleMissing: 'Please give the journal a title',
  editMissing: 'All fields must be filled',
  titleTooLong: `Title must be at most ${LIMITS.title} characters`,
  descriptionTooLong: `Description must be at most ${LIMITS.description} characters`,
  templateTooLong: `Template must be at most ${LIMITS.content} characters`,
  templateNotText: 'Template must be text',
  notFound: 'Journal not found',
  deleted: 'Journal deleted',
} as const;

/**
 * A journal's template (issue 25): Markdown a new entry of the journal starts from, at most an
 * entry's content; the empty string means none. Kept as written (not trimmed): Markdown's
 * line breaks and indentation are part of it.
 */
export const journalTemplate = z
  .string({ error: JOURNAL_MESSAGES.templateNotText })
  .max(LIMITS.content, { error: JOURNAL_MESSAGES.templateTooLong });

/**
 * POST /api/journals. The description may be left out (spec §2, /journals/create), and so may
 * the template (none then).
 */
export const createJournalRequest = z.object({
  title: requiredText(LIMITS.title, JOURNAL_MESSAGES.titleMissing, JOURNAL_MESSAGES.titleTooLong),
  description: optionalText(LIMITS.description, JOURNAL_MESSAGES.descriptionTooLong),
  template: journalTemplate.default(''),
});
export type CreateJournalRequest = z.input<typeof createJournalRequest>;

/**
 * PUT /api/journals/{id}: both fields are required (spec §5). "A change required" is the
 * edit form's check; the server accepts an unchanged journal, so a retried save is harmless.
 */
export const updateJournalRequest = z.object({
  title: requiredText(LIMITS.title, JOURNAL_MESSAGES.editMissing, JOURNAL_MESSAGES.titleTooLong),
  description: requiredText(
    LIMITS.description,
    JOURNAL_MESSAGES.editMissing,
    JOURNAL_MESSAGES.descriptionTooLong,
  ),
  /** Left out, the template stays as it is; `''` clears it. */
  template: journalTemplate.optional(),
});
export type UpdateJournalRequest = z.input<typeof updateJournalRequest>;

/**
 * A journal as every journals call answers it (spec §3); `createdAt` is a UTC ISO instant.
 * `template` (issue 25) is an addition: `''` when the journal has none, and read as `''` from a
 * server that does not send it yet.
 */
export const journal = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  numEntries: z.number().int(),
  template: z.string().default(''),
});
export type Journal = z.infer<typeof journal>;

/** GET /api/journals: the caller's journals, newest first. */
export const journalList = z.array(journal);
export type JournalList = z.infer<typeof journalList>;
