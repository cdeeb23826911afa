/**
 * Tags and moods of an entry (issue 25): the one rule for what a tag is, how `#word` tags are
 * found in a title or content, and the mood scale. Shared so the editor shows the tags the
 * server will keep.
 */

/** The most characters of one tag. */
export const TAG_MAX_LENGTH = 32;
/** The most tags one entry keeps (explicit and `#word` tags together). */
export const TAGS_PER_ENTRY = 20;

/** A whole tag: Unicode letters, digits, `-` or `_`, 1–32 of them (after lower-casing). */
const TAG = new RegExp(`^[\\p{L}\\p{N}_-]{1,${TAG_MAX_LENGTH}}$`, 'u');

/**
 * A `#word` tag in text: `#` at the start or after anything that is not part of a word (so
 * `a#b`, `##b`, `/#b` and `&#b` are not tags), then a letter, then tag characters, ending where
 * they end. `# Heading` (a space) and `#1` (a digit) are not tags; nor is a word longer than a tag.
 */
const HASH_TAG = new RegExp(
  `(?<![\\p{L}\\p{N}\\p{M}_#/&-])#(\\p{L}[\\p{L}\\p{N}_-]{0,${TAG_MAX_LENGTH - 1}})(?![\\p{L}\\p{N}\\p{M}_-])`,
  'gu',
);

/** A tag as stored and compared: NFC and lower case. */
export function normalTag(tag: string): string {
  return tag.normalize('NFC').toLowerCase();
}

/** True for a tag already normal (`normalTag`) and within the rule. */
export function isTag(tag: string): boolean {
  return TAG.test(tag);
}

/** The `#word` tags of `text`, normal, in order of first appearance, without repeats. */
export function tagsInText(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.normalize('NFC').matchAll(HASH_TAG)) found.add(normalTag(match[1]!));
  return [...found];
}

/**
 * `text` with every `#old` tag (any case) turned into `replacement(hashWord)`: the one rewrite
 * behind renaming (`#new`) and deleting (`old`) a tag, matching exactly what `tagsInText` finds.
 */
export function replaceTagInText(
  text: string,
  old: string,
  replacement: (word: string) => string,
): string {
  const normal = text.normalize('NFC');
  return normal.replace(HASH_TAG, (whole, word: string) =>
    normalTag(word) === old ? replacement(word) : whole,
  );
}

/** The mood scale, 1 to 5, and what each step is called. */
export const MOOD_LABELS = { 1: 'awful', 2: 'bad', 3: 'okay', 4: 'good', 5: 'great' } as const;
export type Mood = keyof typeof MOOD_LABELS;

export function isMood(value: unknown): value is Mood {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}
