import { z } from 'zod';

/**
 * How much history an entry keeps (issue 25): at most the last 50 versions, none replaced more
 * than 90 days ago. Both are enforced when a save keeps a version (decision 0046).
 */
export const ENTRY_HISTORY = { maxVersions: 50, maxAgeDays: 90 } as const;

export const VERSION_MESSAGES = {
  notFound: 'Version not found',
} as const;

/**
 * One earlier version of an entry, as GET /api/entry/{journalId}/{entryId}/versions lists it.
 * `savedAt` is the UTC instant its text was saved (when it became the entry, by creating it or
 * by a save), `size` its content's length in characters (code points), and `sizeChange` what
 * the save that wrote it changed: `size` minus the size of the version before it (the next in
 * the newest-first list), or minus 0 when no earlier version was kept at the time.
 */
export const entryVersionSummary = z.object({
  _id: z.string(),
  savedAt: z.string(),
  title: z.string(),
  size: z.number().int().nonnegative(),
  sizeChange: z.number().int(),
});
export type EntryVersionSummary = z.infer<typeof entryVersionSummary>;

/** GET /api/entry/{journalId}/{entryId}/versions: newest first, at most 50. */
export const entryVersionList = z.array(entryVersionSummary);
export type EntryVersionList = z.infer<typeof entryVersionList>;

/** GET /api/entry/{journalId}/{entryId}/versions/{versionId}: the version's whole text. */
export const entryVersion = z.object({
  _id: z.string(),
  savedAt: z.string(),
  title: z.string(),
  content: z.string(),
});
export type EntryVersion = z.infer<typeof entryVersion>;
