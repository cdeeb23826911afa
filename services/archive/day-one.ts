import { z } from 'zod';
import { TAG_MAX_LENGTH, TAGS_PER_ENTRY, isTag, normalTag } from '@dayframe/contracts';
import { dayOneAttachments, onlyEmbeds } from './day-one-media.ts';

/** A Day One JSON export's journal file; fields the import does not use are ignored. */
export const dayOneJournal = z.object({
  metadata: z.object({ version: z.string() }),
  entries: z.array(
    z.object({
      uuid: z.string().optional(),
      creationDate: z.string({ error: 'creationDate is missing' }),
      timeZone: z.string().optional(),
      text: z.string().optional(),
      tags: z.array(z.string(), { error: 'tags must be a list of words' }).optional(),
      starred: z.boolean({ error: 'starred must be true or false' }).optional(),
      ...dayOneAttachments,
    }),
  ),
});
export type DayOneEntry = z.infer<typeof dayOneJournal>['entries'][number];

/** True when the JSON looks like a Day One journal file (so its errors are reported as such). */
export function looksLikeDayOne(json: unknown): boolean {
  return typeof json === 'object' && json !== null && 'metadata' in json && 'entries' in json;
}

/**
 * Day One writes Markdown with punctuation escaped (`\.`, `\-`, `\!`, ...): undo it. Any
 * ASCII punctuation may be escaped in Markdown (CommonMark), so any is unescaped.
 */
function unescapeDayOne(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/**
 * The local calendar day of an instant in an IANA time zone (UTC when none), or null when the
 * instant or the zone is not one. This is the one place an instant becomes a date: Day One
 * stores when an entry was written, Dayframe the day it belongs to.
 */
export function localDay(instant: string, timeZone = 'UTC'): string | null {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return null;
  const format = dayFormat(timeZone);
  if (!format) return null;
  const parts = format.formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * One formatter per zone (building one costs far more than using it); null for a zone that is
 * not one. Zone names are matched regardless of case (as `Intl` does), and the map is emptied
 * past `MAX_DAY_FORMATS` so a file of made-up spellings cannot grow it without end.
 */
const MAX_DAY_FORMATS = 1000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  const key = timeZone.toLowerCase();
  let format = dayFormats.get(key);
  if (format) return format;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    return null;
  }
  if (dayFormats.size >= MAX_DAY_FORMATS) dayFormats.clear();
  dayFormats.set(key, format);
  return format;
}

/**
 * A Day One entry as a Dayframe entry: the first line of `text` (without leading `#`) is the
 * title, the rest the content. An entry of one line keeps it as both title and content (the
 * product needs content); an entry without text has nothing to import: null. Lines of embedded
 * photos alone (`withDayOneMedia` made them) stay in the content and are never the title, so a
 * photo alone is an entry without a title.
 */
export function fromDayOne(
  entry: DayOneEntry,
): { title: string; content: string; tags: string[]; starred: boolean } | null {
  const text = unescapeDayOne(entry.text ?? '').replace(/\r\n?/g, '\n');
  if (!text.trim()) return null;
  const lines = text.split('\n');
  const at = lines.findIndex((line) => !onlyEmbeds(line));
  const title = at === -1 ? '' : lines[at]!.replace(/^\s*#+\s*/, '').trim();
  const rest = (at === -1 ? lines : lines.filter((_, i) => i !== at)).join('\n').trim();
  return {
    title,
    content: rest || title,
    tags: dayOneTags(entry.tags ?? []),
    starred: entry.starred === true,
  };
}

/**
 * Day One's tags as Dayframe keeps them: Day One allows spaces and punctuation ("Road Trip!"),
 * so each is lower-cased, its spaces become `-`, what a tag cannot hold is dropped, and one
 * left empty is dropped; each once, the first `TAGS_PER_ENTRY` (never a reason to refuse).
 */
export function dayOneTags(tags: string[]): string[] {
  const kept = new Set<string>();
  for (const raw of tags) {
    const tag = normalTag(raw.trim())
      .replace(/\s+/g, '-')
      .replace(/[^\p{L}\p{N}_-]/gu, '')
      .slice(0, TAG_MAX_LENGTH);
    if (isTag(tag)) kept.add(tag);
  }
  return [...kept].slice(0, TAGS_PER_ENTRY);
}
