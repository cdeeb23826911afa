/**
 * How an entry's text refers to a stored file (decision 0049): `![caption](media:<id>)` embeds
 * it (an image is shown, audio gets a player, a PDF a download link) and `[words](media:<id>)`
 * links to it. The id is the media service's UUID; only the media service can turn it into a
 * link (a signed one, fresh each time it is asked), so the text keeps the id, never a URL.
 * Zod-free: journals, the archive and the editor all read references with it.
 */
export const MEDIA_SCHEME = 'media:';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// `](media:<id>` closes a Markdown image or link (its text may hold escaped brackets); an
// optional title may follow the id. A reference inside a code block counts too: keeping a file
// a little longer is the safe mistake.
const REFERENCE = new RegExp(
  `(!?)\\[(?:\\\\.|[^\\]\\\\\\n])*\\]\\(${MEDIA_SCHEME}(${UUID})(?=[\\s)])`,
  'gi',
);

/** One reference in an entry's text, in the order they appear. */
export type MediaReference = { id: string; embedded: boolean };

/** Every reference to a stored file in `text`, in order, each id once (its first use). */
export function mediaReferencesIn(text: string): MediaReference[] {
  const seen = new Set<string>();
  const found: MediaReference[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    const id = match[2]!.toLowerCase();
    if (seen.has(id)) continue;
    seen.add(id);
    found.push({ id, embedded: match[1] === '!' });
  }
  return found;
}

/** The ids of every file `text` refers to, in order, each once. */
export function mediaIdsIn(text: string): string[] {
  return mediaReferencesIn(text).map((reference) => reference.id);
}

/** The id in a `media:<id>` link target, or null when it is not one. */
export function mediaIdOf(target: string): string | null {
  const match = new RegExp(`^${MEDIA_SCHEME}(${UUID})$`, 'i').exec(target.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** The Markdown that embeds a file: `![caption](media:<id>)`, brackets in the caption escaped. */
export function mediaMarkdown(id: string, caption = ''): string {
  return `![${caption.replace(/([[\]\\])/g, '\\$1')}](${MEDIA_SCHEME}${id})`;
}
