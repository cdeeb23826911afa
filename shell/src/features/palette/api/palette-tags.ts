import { useEffect, useState } from 'react';
import type { TagList } from '@dayframe/contracts';
import { api } from '@dayframe/web-kit';

/** The most "Go to tag …" commands one text shows. */
const TAG_LIMIT = 5;

/**
 * The caller's tags, asked once as the palette opens (it mounts on opening), so typing filters
 * them without a request per key. A failure adds nothing: the palette works without them.
 */
export function usePaletteTags(): string[] {
  const [tags, setTags] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api.get<TagList>('/tags', { signal: controller.signal }).then(
      (list) => setTags(list.map((item) => item.tag)),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return tags;
}

/**
 * The tags `text` names: typed as `travel`, `#trav` or `tag:trav`, each tag that starts with it
 * (or has a `-`/`_` part that does), in the server's order (most used first).
 */
export function matchTags(tags: string[], text: string): string[] {
  const typed = text
    .trim()
    .toLowerCase()
    .replace(/^(tag:|#)/, '');
  if (!typed || /\s/.test(typed)) return [];
  return tags
    .filter(
      (tag) => tag.startsWith(typed) || tag.split(/[-_]/).some((part) => part.startsWith(typed)),
    )
    .slice(0, TAG_LIMIT);
}
