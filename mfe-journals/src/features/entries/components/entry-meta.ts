import {
  isTag,
  normalTag,
  tagsInText,
  TAG_MAX_LENGTH,
  TAGS_PER_ENTRY,
  ENTRY_MESSAGES,
  type Entry,
  type Mood,
} from '@dayframe/contracts';
import { META_TEXT } from '../messages.ts';

/**
 * What an entry form sends besides title and content: the tags chosen as chips (the server adds
 * the `#word` tags of the text itself) and the mood, null for none.
 */
export type EntryMeta = { tags: string[]; mood: Mood | null };

export const NO_META: EntryMeta = { tags: [], mood: null };

/** The `#word` tags of an entry's title and content, as the server finds them. */
export function tagsOfText(title: string, content: string): string[] {
  return [...new Set([...tagsInText(title), ...tagsInText(content)])];
}

/**
 * A saved entry's chips: its tags less those its text gives, so removing a `#word` from the
 * text drops the tag on the next save instead of keeping it as a chip.
 */
export function metaOf(entry: Pick<Entry, 'title' | 'content' | 'tags' | 'mood'>): EntryMeta {
  const fromText = new Set(tagsOfText(entry.title, entry.content));
  return {
    tags: entry.tags.filter((tag) => !fromText.has(tag)),
    mood: (entry.mood ?? null) as Mood | null,
  };
}

export function sameMeta(a: EntryMeta, b: EntryMeta): boolean {
  return (
    a.mood === b.mood && a.tags.length === b.tags.length && a.tags.every((t, i) => t === b.tags[i])
  );
}

/**
 * What typing `raw` as a tag does to `tags` (with `fromText` from the text): the new list, or why
 * it is refused, in the contract's rule (lower case, 1–32 letters, digits, `-`, `_`; at most 20
 * together with the text's). A leading `#` is allowed, as people type it.
 */
export function addTag(
  tags: string[],
  fromText: string[],
  raw: string,
): { tags: string[] } | { refused: string } {
  const tag = normalTag(raw.trim().replace(/^#/, ''));
  if (!tag) return { tags };
  if (tag.length > TAG_MAX_LENGTH) return { refused: META_TEXT.tagTooLong(TAG_MAX_LENGTH) };
  if (!isTag(tag)) return { refused: META_TEXT.tagBadCharacters };
  if (tags.includes(tag) || fromText.includes(tag)) return { refused: META_TEXT.tagRepeated(tag) };
  if (new Set([...tags, ...fromText]).size >= TAGS_PER_ENTRY)
    return { refused: ENTRY_MESSAGES.tooManyTags };
  return { tags: [...tags, tag] };
}
