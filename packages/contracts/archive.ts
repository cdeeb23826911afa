import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { optionalText, requiredText } from './fields.ts';
import { namedCalendarDate, requiredCalendarDate } from './date-fields.ts';
import { JOURNAL_MESSAGES, journalTemplate } from './journals.ts';
import { moodField, tagsField } from './entries.ts';
import { ENTRY_MESSAGES } from './entry-messages.ts';
import { ENTRY_HISTORY } from './versions.ts';
import { isMood, type Mood } from './tags.ts';
import { GOAL_MESSAGES, goal as exportedGoal } from './goals.ts';
import { MEDIA_LIMITS } from './media-limits.ts';
import type { MediaExportItem } from './media.ts';

/** What export and import answer in words (issue 16). */
export const ARCHIVE_MESSAGES = {
  tooLarge: 'The file is larger than 50 MB. Export a smaller date range and import it in parts.',
  notArchive: 'The file is neither a zip nor JSON. Choose a Dayframe or Day One export.',
  unknownLayout:
    'The zip holds neither a Dayframe export (dayframe.json) nor a Day One export (one JSON file per journal).',
  zipBomb: 'The zip unpacks to more than 200 MB or is compressed suspiciously much (over 100:1).',
  pathEscape: 'The zip holds a file whose path leaves the archive',
  badZip: 'The zip is damaged and cannot be read.',
  tooManyFiles:
    'The zip holds more than 10,000 files. Export a smaller date range and import it in parts.',
  jsonTooLarge:
    'is larger than 20 MB (unpacked). Export a smaller date range and import it in parts.',
  tooManyItems:
    'The file holds more than 100,000 entries and goals. Export a smaller date range and import it in parts.',
  badJson: 'is not valid JSON',
  journalMissing: 'Name the Day One journal with ?journal=<name>.',
  formatMismatch: 'is not a Dayframe export (format "dayframe-export", version 1 or 2)',
  unavailable:
    'Part of Dayframe is not answering right now; nothing was lost. Try the same file again in a moment.',
  /** After the file's name: its JSON is shaped like no export (`IMPORT_LIMITS.json*`). */
  tooComplex:
    'is not shaped like a Dayframe or Day One export: it holds far more values, or more varied or more deeply nested ones. Choose a Dayframe or Day One export.',
  /** Reading the file in its worker ran out of memory or time (the worker was stopped). */
  readTooCostly:
    'Reading the file took more memory or time than an import may use; nothing was imported. Export a smaller date range and import it in parts.',
  jsonTotalTooLarge:
    'The JSON files in the zip are larger than 32 MB together (unpacked). Import them in parts: a zip of fewer journals, or a smaller date range.',
  mediaListed: 'media must be a list of files',
  /** After the file's name (`media/<id>.jpg`): listed in dayframe.json, absent from the zip. */
  mediaFileMissing: 'is listed in dayframe.json but is not in the zip',
  /** After the file's name: its bytes are not the ones dayframe.json lists. */
  mediaFileChanged: 'does not match the size and sha256 dayframe.json lists for it',
  /** After the file's name. */
  mediaFileTooLarge: 'is larger than 25 MB, the most a file can be',
  partTooLarge:
    'The import holds more than 32 MB of journals and entries, or of goals, once read. Export a smaller date range and import it in parts.',
  importInProgress:
    'An import of yours is still running. Wait for it to finish, then import the next file.',
  importBusy:
    'Dayframe is busy with other imports right now; nothing was imported. Try the same file again in a minute.',
} as const;

/** Limits of an upload and of what it may unpack to. */
export const IMPORT_LIMITS = {
  uploadBytes: 50 * 1024 * 1024,
  unpackedBytes: 200 * 1024 * 1024,
  ratio: 100,
  /** Files in a zip, read from its central directory before any is opened. */
  zipEntries: 10_000,
  /** Each JSON file, unpacked (declared and as inflated) or sent alone, before it is parsed. */
  jsonBytes: 20 * 1024 * 1024,
  /** Entries and goals in one upload, counted before anything is written. */
  items: 100_000,
  /** The JSON files of one zip together, unpacked (declared sizes, read before inflating). */
  jsonTotalBytes: 32 * 1024 * 1024,
  /**
   * What one JSON file may hold, counted in one pass over its bytes before it is parsed
   * (`checkJsonShape`): they bound what the parser builds. A 20 MB Day One file of entries with
   * every field holds about 1,000,000 values, 100,000 objects and arrays, 60 fields an object
   * and a few thousand shapes of object (decision 0040).
   */
  jsonValues: 2_000_000,
  jsonContainers: 250_000,
  jsonFields: 1_000,
  /** Different field-name prefixes of objects: the parser's hidden classes. */
  jsonShapes: 100_000,
  jsonDepth: 64,
  /**
   * Each owner's part of an import as sent (journals and their entries; goals), in bytes of
   * JSON: the archive refuses an upload whose part would be larger, and journals' and goals'
   * `POST /internal/import` accepts no larger body (their pods are sized for it).
   */
  partBytes: 32 * 1024 * 1024,
} as const;

const isoInstant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), {
  error: 'createdAt must be an ISO date and time',
});

/**
 * One earlier version of an entry as exported (version 2), oldest first: its text and when that
 * text was saved. An entry carries at most `ENTRY_HISTORY.maxVersions` of them.
 */
export const archiveVersion = z.object({
  title: z.string({ error: 'Must be text' }).max(LIMITS.title, ENTRY_MESSAGES.titleTooLong),
  content: z.string({ error: 'Must be text' }).max(LIMITS.content, ENTRY_MESSAGES.contentTooLong),
  savedAt: z.string().refine((value) => !Number.isNaN(Date.parse(value)), {
    error: 'savedAt must be an ISO date and time',
  }),
});
export type ArchiveVersion = z.output<typeof archiveVersion>;

/**
 * An entry as exported (and imported back): the writer's own date, never shifted. Tags, mood,
 * star and history are version 2's; a version 1 file has none (empty, no mood, not starred).
 */
export const archiveEntry = z.object({
  _id: z.string().max(64).optional(),
  title: optionalText(LIMITS.title, ENTRY_MESSAGES.titleTooLong),
  content: requiredText(LIMITS.content, ENTRY_MESSAGES.newMissing, ENTRY_MESSAGES.contentTooLong),
  date: requiredCalendarDate(ENTRY_MESSAGES.dateMissing),
  tags: tagsField.transform((tags) => tags ?? []),
  mood: moodField.transform((mood) => mood ?? null),
  starred: z.boolean({ error: ENTRY_MESSAGES.badStarred }).default(false),
  history: z
    .array(archiveVersion, { error: 'history must be a list of versions' })
    .max(ENTRY_HISTORY.maxVersions, {
      error: `history holds at most ${ENTRY_HISTORY.maxVersions} versions`,
    })
    .default([]),
});
export type ArchiveEntry = z.output<typeof archiveEntry>;

export const archiveJournal = z.object({
  _id: z.string().max(64).optional(),
  title: requiredText(LIMITS.title, JOURNAL_MESSAGES.titleMissing, JOURNAL_MESSAGES.titleTooLong),
  description: optionalText(LIMITS.description, JOURNAL_MESSAGES.descriptionTooLong),
  createdAt: isoInstant.optional(),
  /** Version 2: the journal's default template (Markdown), '' for none. */
  template: journalTemplate.default(''),
  entries: z.array(z.unknown()).default([]),
});

/**
 * One file of `dayframe.json`'s `media` list (version 2, issue 26): the id entries refer to it
 * by (`media:<id>`), where it is in the zip (`media/<id>.<ext>`), and its type, size and sha256
 * as uploaded. A `?format=json` export lists the files without carrying them.
 */
export const archiveMedia = z.object({
  id: z.string({ error: 'id must be text' }).min(1).max(64),
  file: z
    .string({ error: 'file must be the path of the file in the zip' })
    .regex(/^media\/[A-Za-z0-9_.-]{1,100}$/, { error: 'file must be media/<name> in the zip' }),
  contentType: z.string().max(100).optional(),
  bytes: z
    .number({ error: 'bytes must be a whole number' })
    .int({ error: 'bytes must be a whole number' })
    .nonnegative({ error: 'bytes must be a whole number' })
    .max(MEDIA_LIMITS.fileBytes, { error: 'bytes must be at most 25 MB' }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'sha256 must be 64 hex digits' }),
  takenAt: z.string().optional(),
});
export type ArchiveMedia = z.output<typeof archiveMedia>;

/** A goal as exported; `dateComplete` is set exactly when it is completed. */
export const archiveGoal = z
  .object({
    _id: z.string().max(64).optional(),
    title: requiredText(LIMITS.title, GOAL_MESSAGES.missing, GOAL_MESSAGES.titleTooLong),
    description: requiredText(
      LIMITS.description,
      GOAL_MESSAGES.missing,
      GOAL_MESSAGES.descriptionTooLong,
    ),
    completed: z.boolean().default(false),
    dateSet: requiredCalendarDate(GOAL_MESSAGES.missing),
    dateDue: requiredCalendarDate(GOAL_MESSAGES.missing),
    dateComplete: namedCalendarDate('dateComplete').nullable().default(null),
  })
  .refine((goal) => goal.completed === (goal.dateComplete !== null), {
    error: 'A completed goal needs its dateComplete, an active one none',
  });
export type ArchiveGoal = z.output<typeof archiveGoal>;

/** The journals part of an import, already validated by the archive (the owner checks again). */
export const journalsImport = z.object({
  journals: z.array(archiveJournal.extend({ entries: z.array(archiveEntry) })),
});
export type JournalsImport = z.output<typeof journalsImport>;
export const goalsImport = z.object({ goals: z.array(archiveGoal) });
export type GoalsImport = z.output<typeof goalsImport>;

/**
 * An export is read from its owners in pages (keyset: `after` is the `next` of the page before,
 * opaque to the reader), so neither the owner nor the archive ever holds a whole account.
 */
export const EXPORT_PAGE_SIZE = 500;
export const exportPageQuery = z.object({
  after: z.string().max(100, { error: 'after must be the next of an earlier page' }).optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${EXPORT_PAGE_SIZE}` })
    .int({ error: `limit must be a whole number from 1 to ${EXPORT_PAGE_SIZE}` })
    .min(1, { error: `limit must be a whole number from 1 to ${EXPORT_PAGE_SIZE}` })
    .max(EXPORT_PAGE_SIZE, { error: `limit must be a whole number from 1 to ${EXPORT_PAGE_SIZE}` })
    .default(EXPORT_PAGE_SIZE),
});
export type ExportPageQuery = z.output<typeof exportPageQuery>;
const nextCursor = z.string().nullable();

// What journals answers the archive; the version 2 fields default, so an owner that does not
// send them yet still exports (as a version 1 file would hold them).
const exportedJournal = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  template: z.string().default(''),
});
const exportedVersion = z.object({ title: z.string(), content: z.string(), savedAt: z.string() });
const exportedEntry = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  date: z.string(),
  tags: z.array(z.string()).default([]),
  mood: z.custom<Mood | null>((value) => value === null || isMood(value)).default(null),
  starred: z.boolean().default(false),
  history: z.array(exportedVersion).default([]),
});
// Input types: an owner or a test may leave out version 2's fields (they read as empty).
export type ExportedJournal = z.input<typeof exportedJournal>;
export type ExportedEntry = z.input<typeof exportedEntry>;
export type ExportedVersion = z.infer<typeof exportedVersion>;
export type ExportedGoal = z.infer<typeof exportedGoal>;

/** Journals' `GET /internal/export`: every journal of the caller, oldest first (no entries). */
export const journalsExport = z.object({ journals: z.array(exportedJournal) });
export type JournalsExport = z.infer<typeof journalsExport>;
/** Journals' `GET /internal/export/entries?journal=&from=&to=&after=&limit=`. */
export const entriesExportQuery = exportPageQuery.extend({
  journal: z.string({ error: 'journal is missing' }).max(64),
  from: namedCalendarDate('from').optional(),
  to: namedCalendarDate('to').optional(),
});
export type EntriesExportQuery = z.output<typeof entriesExportQuery>;
/** One page of a journal's entries, by date then as written. */
export const entriesExportPage = z.object({ entries: z.array(exportedEntry), next: nextCursor });
export type EntriesExportPage = z.infer<typeof entriesExportPage>;
/** Goals' `GET /internal/export?after=&limit=`: active goals, then completed, each oldest first. */
export const goalsExportPage = z.object({ goals: z.array(exportedGoal), next: nextCursor });
export type GoalsExportPage = z.infer<typeof goalsExportPage>;

/**
 * Identity's `GET /internal/export/sign-in` (issue 28): which ways of signing in the account had
 * on when it was exported, as `dayframe.json`'s `account.signIn`. Whether, never what: no
 * secret, credential, public key or recovery code is ever exported, and an import ignores it
 * (a second factor is set up again on the new installation).
 */
export const exportedSignIn = z.object({
  password: z.boolean(),
  /** An authenticator app that is on (a set-up never finished does not count). */
  totp: z.boolean(),
  /** How many passkeys. */
  passkeys: z.number().int().min(0),
});
export type ExportedSignIn = z.infer<typeof exportedSignIn>;

/** `dayframe.json` (written a page at a time; this is its shape once whole). */
export type DayframeExport = {
  format: 'dayframe-export';
  /** 2 since issue 25 (tags, mood, starred, history, templates); version 1 files still import. */
  version: 2;
  exportedAt: string;
  /** The account's own facts (issue 28): read for information, ignored by an import. */
  account: { signIn: ExportedSignIn };
  journals: (ExportedJournal & { entries: ExportedEntry[] })[];
  goals: ExportedGoal[];
  /** Every file of the account (the zip carries them under `media/`); issue 26. */
  media: (MediaExportItem & { file: string })[];
};

export const journalsImportCounts = z.object({
  journals: z.object({ created: z.number().int(), matched: z.number().int() }),
  entries: z.object({ created: z.number().int(), skipped: z.number().int() }),
});
export type JournalsImportCounts = z.infer<typeof journalsImportCounts>;
export const goalsImportCounts = z.object({
  goals: z.object({ created: z.number().int(), skipped: z.number().int() }),
});
export type GoalsImportCounts = z.infer<typeof goalsImportCounts>;

/** An owner's `DELETE /internal/import/:importId`: how many rows that import had written. */
export const importUndone = z.object({ removed: z.number().int().nonnegative() });
export type ImportUndone = z.infer<typeof importUndone>;

/**
 * POST /api/import answers what it created and what it found already there. `media`: files
 * stored, and files the account already held (the same bytes: reused, counted once).
 * `photosMissing`: a Day One entry's photos (or audio, PDFs) referred to but not in the upload
 * (a JSON-only export): their references were taken out of the text.
 */
export const importCounts = journalsImportCounts.extend(goalsImportCounts.shape).extend({
  media: z.object({ created: z.number().int(), skipped: z.number().int() }),
  photosMissing: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

/** GET /api/export query: `today` names the file, `from`/`to` limit the entries. */
export const exportQuery = z.object({
  format: z.enum(['zip', 'json'], { error: 'format must be zip or json' }).default('zip'),
  today: namedCalendarDate('today').optional(),
  from: namedCalendarDate('from').optional(),
  to: namedCalendarDate('to').optional(),
});
export type ExportQuery = z.output<typeof exportQuery>;
