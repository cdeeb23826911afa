import type { z } from 'zod';
import {
  ARCHIVE_MESSAGES,
  IMPORT_LIMITS,
  archiveEntry,
  archiveGoal,
  archiveMedia,
  archiveJournal,
  type GoalsImport,
  type JournalsImport,
} from '@dayframe/contracts';
import { HttpError, badRequest } from '@dayframe/service-kit/http';
import type { UploadedFiles } from './read-upload.ts';
import { dayOneJournal, fromDayOne, localDay, looksLikeDayOne } from './day-one.ts';
import { checkJsonShape } from './json-shape.ts';
import { withDayOneMedia, type PlannedMedia } from './day-one-media.ts';

/**
 * An import split by owner, every value already checked. `media`: the upload's files the
 * entries refer to as `media:<id>`, to be stored through media (which gives them new ids) before
 * the entries are written; `listed`, what `dayframe.json` says of the file, checked against its
 * bytes. `photosMissing`: Day One attachments not in the upload, taken out of the text.
 */
export type ImportPlan = {
  journals: JournalsImport;
  goals: GoalsImport;
  media: (PlannedMedia & { listed?: { bytes: number; sha256: string } })[];
  photosMissing: number;
};

/** A 400 naming where the problem is (`dayframe.json, journal "Trips", entry 3: ...`). */
function invalid(where: string, message: string) {
  return badRequest(`${where}: ${message}`, 'invalid_archive');
}

/** The first problem of a failed parse, with the field it is about. */
function problem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const field = issue.path.filter((p) => typeof p === 'string').join('.');
  return field && !issue.message.toLowerCase().includes(field.toLowerCase())
    ? `${field}: ${issue.message}`
    : issue.message;
}

/** A file's JSON, once its shape is known to be within the limits (413 otherwise). */
function parseJson(file: string, bytes: Buffer): unknown {
  checkJsonShape(bytes, file);
  try {
    return JSON.parse(bytes.toString('utf-8').replace(/^\uFEFF/, ''));
  } catch {
    throw invalid(file, ARCHIVE_MESSAGES.badJson);
  }
}

/** The bytes of `value` as `JSON.stringify` writes it, a list item at a time (never whole). */
export function jsonSize(value: unknown): number {
  if (Array.isArray(value))
    return value.reduce<number>((sum, item, i) => sum + (i ? 1 : 0) + jsonSize(item), 2);
  if (typeof value !== 'object' || value === null)
    return Buffer.byteLength(JSON.stringify(value) ?? 'null');
  let size = 2;
  let first = true;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    size += (first ? 0 : 1) + Buffer.byteLength(JSON.stringify(key)) + 1 + jsonSize(item);
    first = false;
  }
  return size;
}

/**
 * 413 when either owner's part would be sent larger than `IMPORT_LIMITS.partBytes`, the body
 * journals and goals accept: a plan can be larger than its files (a Day One entry of one line
 * is both title and content; defaults are written out), so it is measured as it will be sent.
 */
function withinPartLimit(plan: ImportPlan): ImportPlan {
  if (
    jsonSize(plan.journals) > IMPORT_LIMITS.partBytes ||
    jsonSize(plan.goals) > IMPORT_LIMITS.partBytes
  )
    throw new HttpError(413, ARCHIVE_MESSAGES.partTooLarge, 'import_too_large');
  return plan;
}

function check<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(where, problem(result.error));
  return result.data;
}

/** Counts an upload's entries and goals as its files are parsed, before any is checked or written. */
function itemCounter() {
  let items = 0;
  return (list: unknown) => {
    items += Array.isArray(list) ? list.length : 0;
    if (items > IMPORT_LIMITS.items)
      throw new HttpError(413, ARCHIVE_MESSAGES.tooManyItems, 'too_many_items');
  };
}

/**
 * `dayframe.json` checked whole: every journal, entry and goal, or the first bad one named.
 * Version 1 and 2 read alike: a version 1 file lacks 2's fields, which read as empty.
 */
function planDayframe(file: string, json: unknown, files: Set<string> | null): ImportPlan {
  const top = json as {
    format?: unknown;
    version?: unknown;
    journals?: unknown;
    goals?: unknown;
    media?: unknown;
  };
  if (
    typeof json !== 'object' ||
    json === null ||
    top.format !== 'dayframe-export' ||
    (top.version !== 1 && top.version !== 2)
  )
    throw invalid(file, ARCHIVE_MESSAGES.formatMismatch);
  if (!Array.isArray(top.journals ?? []) || !Array.isArray(top.goals ?? []))
    throw invalid(file, 'journals and goals must be lists');
  const count = itemCounter();
  count(top.goals);
  for (const journal of (top.journals ?? []) as unknown[])
    count((journal as { entries?: unknown } | null)?.entries);
  const journals = ((top.journals ?? []) as unknown[]).map((raw, i) => {
    const journal = check(archiveJournal, raw, `${file}, journal ${i + 1}`);
    const entries = journal.entries.map((entry, j) =>
      check(archiveEntry, entry, `${file}, journal "${journal.title}", entry ${j + 1}`),
    );
    return { ...journal, entries };
  });
  const goals = ((top.goals ?? []) as unknown[]).map((raw, i) =>
    check(archiveGoal, raw, `${file}, goal ${i + 1}`),
  );
  return { journals: { journals }, goals: { goals }, ...plannedMedia(file, top.media, files) };
}

/**
 * `dayframe.json`'s `media` list (version 2, issue 26), each file checked to be in the zip (a
 * 400 naming the first that is not). A JSON upload alone (`files` null: `?format=json` lists
 * the files without carrying them) brings none, and its entries keep their references.
 */
function plannedMedia(
  file: string,
  list: unknown,
  files: Set<string> | null,
): Pick<ImportPlan, 'media' | 'photosMissing'> {
  if (!Array.isArray(list ?? [])) throw invalid(file, ARCHIVE_MESSAGES.mediaListed);
  if (!files) return { media: [], photosMissing: 0 };
  const folder = file.slice(0, file.lastIndexOf('/') + 1);
  const seen = new Set<string>();
  const media = ((list ?? []) as unknown[]).map((raw, i) => {
    const where = `${file}, media ${i + 1}`;
    const item = check(archiveMedia, raw, where);
    const id = item.id.toLowerCase();
    if (seen.has(id)) throw invalid(where, `id ${item.id} is listed twice`);
    seen.add(id);
    const path = `${folder}${item.file}`;
    if (!files.has(path)) throw invalid(where, `${item.file} ${ARCHIVE_MESSAGES.mediaFileMissing}`);
    return { id, file: path, listed: { bytes: item.bytes, sha256: item.sha256 } };
  });
  return { media, photosMissing: 0 };
}

/** One Day One journal file as one journal named after the file (or `?journal=`). */
function planDayOne(
  file: string,
  journalTitle: string,
  json: unknown,
  count: (list: unknown) => void,
  found: Pick<ImportPlan, 'media' | 'photosMissing'> & { files: Set<string> },
): JournalsImport['journals'][number] {
  const folder = file.slice(0, file.lastIndexOf('/') + 1);
  count((json as { entries?: unknown }).entries);
  const journal = check(dayOneJournal, json, file);
  const title = check(archiveJournal.shape.title, journalTitle, `${file}, journal name`);
  const entries = [];
  for (const [i, raw] of journal.entries.entries()) {
    const where = `${file}, entry ${i + 1}${raw.uuid ? ` (${raw.uuid})` : ''}`;
    const date = localDay(raw.creationDate, raw.timeZone);
    if (!date)
      throw invalid(where, 'creationDate must be a date and time and timeZone a known time zone');
    const attached = withDayOneMedia(raw.text ?? '', raw, { folder, files: found.files });
    found.photosMissing += attached.missing;
    const written = fromDayOne({ ...raw, text: attached.text });
    if (!written) continue; // no text, and no photo in the upload
    found.media.push(...attached.media);
    entries.push(check(archiveEntry, { ...written, date }, where));
  }
  return { title, description: '', template: '', entries };
}

const baseName = (path: string) =>
  path
    .split('/')
    .pop()!
    .replace(/\.json$/i, '');

/**
 * What an upload holds, checked in full before anything is written: a Dayframe export
 * (`dayframe.json`, in a zip or alone) or a Day One export (a zip of `<Journal>.json` files,
 * or one such file with `journalName`). Any problem is a 400 naming the file and the entry.
 */
export function planImport(upload: UploadedFiles, journalName?: string): ImportPlan {
  return withinPartLimit(planFiles(upload, journalName));
}

function planFiles(upload: UploadedFiles, journalName?: string): ImportPlan {
  if (upload.kind === 'zip') {
    const dayframe = [...upload.files.keys()].find((path) => baseName(path) === 'dayframe');
    const files = new Set(upload.others);
    if (dayframe)
      return planDayframe(dayframe, parseJson(dayframe, upload.files.get(dayframe)!), files);
    const journals = [];
    const count = itemCounter();
    const found = { media: [], photosMissing: 0, files };
    for (const [path, bytes] of upload.files) {
      const json = parseJson(path, bytes);
      if (!looksLikeDayOne(json)) continue;
      journals.push(planDayOne(path, baseName(path), json, count, found));
    }
    if (!journals.length) throw badRequest(ARCHIVE_MESSAGES.unknownLayout, 'unknown_layout');
    return {
      journals: { journals },
      goals: { goals: [] },
      media: found.media,
      photosMissing: found.photosMissing,
    };
  }
  const [file, bytes] = [...upload.files][0] ?? ['the uploaded JSON', Buffer.alloc(0)];
  const json = parseJson(file, bytes);
  if (looksLikeDayOne(json)) {
    if (!journalName?.trim()) throw badRequest(ARCHIVE_MESSAGES.journalMissing, 'journal_missing');
    // A JSON file alone carries no photos: each reference is taken out and counted.
    const found = { media: [], photosMissing: 0, files: new Set<string>() };
    const journal = planDayOne(file, journalName, json, itemCounter(), found);
    return {
      journals: { journals: [journal] },
      goals: { goals: [] },
      media: [],
      photosMissing: found.photosMissing,
    };
  }
  return planDayframe(file, json, null);
}
