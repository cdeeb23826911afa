import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { optionalText, requiredText } from './fields.ts';
import { requiredCalendarDate } from './date-fields.ts';
import { TAGS_PER_ENTRY, isMood, isTag, normalTag, type Mood } from './tags.ts';
import { ENTRY_MESSAGES } from './entry-messages.ts';

/**
 * `tags` of a request: absent stays absent (an edit keeps the entry's tags); otherwise a list of
 * tags, each lower-cased and checked, repeats dropped, in order. The 20 are counted after the
 * body's `#word` tags are added (entries.ts), so a long list alone is refused here too.
 */
export const tagsField = z
  .unknown()
  .optional()
  .transform((value, ctx): string[] | undefined => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string')) {
      ctx.addIssue({ code: 'custom', message: ENTRY_MESSAGES.tagsNotList });
      return z.NEVER;
    }
    const tags = new Set<string>();
    for (const raw of value as string[]) {
      const tag = normalTag(raw.trim());
      if (!isTag(tag)) {
        ctx.addIssue({ code: 'custom', message: ENTRY_MESSAGES.badTag(raw.slice(0, 40)) });
        return z.NEVER;
      }
      tags.add(tag);
    }
    if (tags.size > TAGS_PER_ENTRY) {
      ctx.addIssue({ code: 'custom', message: ENTRY_MESSAGES.tooManyTags });
      return z.NEVER;
    }
    return [...tags];
  });

/** `mood` of a request: absent stays absent (unchanged), `null` clears, else 1–5. */
export const moodField = z
  .unknown()
  .optional()
  .transform((value, ctx): Mood | null | undefined => {
    if (value === undefined || value === null) return value;
    if (!isMood(value)) {
      ctx.addIssue({ code: 'custom', message: ENTRY_MESSAGES.badMood });
      return z.NEVER;
    }
    return value;
  });

const starredField = z.boolean({ error: ENTRY_MESSAGES.badStarred });

/** What an entry's tags, mood and star look like in any request that sets them (all optional). */
const entryMetaFields = {
  tags: tagsField,
  mood: moodField,
  starred: starredField.optional(),
};

/**
 * POST /api/entry/{journalId}. Content and date are required; the title may be empty because
 * the journal page's form only insists on content (spec §5). Quick entry checks the title itself.
 */
export const createEntryRequest = z.object({
  title: optionalText(LIMITS.title, ENTRY_MESSAGES.titleTooLong),
  content: requiredText(LIMITS.content, ENTRY_MESSAGES.newMissing, ENTRY_MESSAGES.contentTooLong),
  date: requiredCalendarDate(ENTRY_MESSAGES.dateMissing),
  ...entryMetaFields,
});
export type CreateEntryRequest = z.input<typeof createEntryRequest>;

/**
 * PUT /api/entry/{journalId}/{entryId}: title and content (spec §5). An entry keeps its date;
 * "a change required" is the form's check, the server accepts an unchanged entry.
 */
export const updateEntryRequest = z.object({
  title: requiredText(LIMITS.title, ENTRY_MESSAGES.editMissing, ENTRY_MESSAGES.titleTooLong),
  content: requiredText(LIMITS.content, ENTRY_MESSAGES.editMissing, ENTRY_MESSAGES.contentTooLong),
  ...entryMetaFields,
});
export type UpdateEntryRequest = z.input<typeof updateEntryRequest>;

/** PUT /api/entry/{journalId}/{entryId}/star: star or unstar in one click; answers the entry. */
export const starEntryRequest = z.object({ starred: starredField });
export type StarEntryRequest = z.input<typeof starEntryRequest>;

/** GET /api/entry/{journalId}/dated?date=YYYY-MM-DD. Other query parameters are ignored. */
export const datedEntryQuery = z.object({
  date: requiredCalendarDate(ENTRY_MESSAGES.dateMissing),
});
export type DatedEntryQuery = z.input<typeof datedEntryQuery>;

/**
 * What issue 25 added to every entry a service answers: its tags (lower case, in order of first
 * appearance), its mood (1 awful … 5 great, `MOOD_LABELS`) or null, and whether it is starred.
 * Defaults when reading an answer from a server that predates them.
 */
export const entryMeta = {
  tags: z.array(z.string()).default([]),
  mood: z.number().int().min(1).max(5).nullable().default(null),
  starred: z.boolean().default(false),
};

/** An entry (spec §3); `date` is the `YYYY-MM-DD` the writer chose, never shifted. */
export const entry = z.object({
  _id: z.string(),
  journalId: z.string(),
  title: z.string(),
  content: z.string(),
  date: z.string(),
  type: z.literal('entry'),
  ...entryMeta,
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

export const TAG_MESSAGES = {
  notFound: 'Tag not found',
  deleted: 'Tag deleted',
  newMissing: 'Send the new name of the tag (tag)',
  /** A rename would take an entry's title or content past its length limit. */
  tooLong: 'Renaming this tag would make an entry longer than allowed',
} as const;

/** One of the caller's tags and on how many of their entries it is. */
export const tagCount = z.object({ tag: z.string(), count: z.number().int().positive() });
export type TagCount = z.infer<typeof tagCount>;

/** GET /api/tags: the caller's tags, most used first, then by name. */
export const tagList = z.array(tagCount);
export type TagList = z.infer<typeof tagList>;

/** A tag named in a path (`/api/tags/{tag}`), lower-cased and checked like any tag. */
export function tagInPath(raw: string): string | null {
  const tag = normalTag(raw);
  return isTag(tag) ? tag : null;
}

/** PUT /api/tags/{tag}: its new name. */
export const renameTagRequest = z.object({
  tag: z
    .string({ error: TAG_MESSAGES.newMissing })
    .transform((raw) => normalTag(raw.trim()))
    .superRefine((tag, ctx) => {
      if (!tag) ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.newMissing });
      else if (!isTag(tag)) ctx.addIssue({ code: 'custom', message: ENTRY_MESSAGES.badTag(tag) });
    }),
});
export type RenameTagRequest = z.input<typeof renameTagRequest>;

/** PUT /api/tags/{tag}: the tag's name now and how many entries carry it. */
export const renameTagResponse = z.object({ tag: z.string(), entries: z.number().int() });
export type RenameTagResponse = z.infer<typeof renameTagResponse>;

/** DELETE /api/tags/{tag}: how many entries it was taken from. */
export const deleteTagResponse = z.object({ message: z.string(), entries: z.number().int() });
export type DeleteTagResponse = z.infer<typeof deleteTagResponse>;
