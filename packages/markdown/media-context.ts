import { createContext, useContext } from 'react';
import type { MediaItem } from '@dayframe/contracts';

/**
 * What the host knows of a stored file: its item (with fresh signed links), `'loading'` while
 * it asks, `'missing'` when the file is gone or not the reader's.
 */
export type MediaState = MediaItem | 'loading' | 'missing';

/**
 * How rendered Markdown reaches the media service without this package touching the network
 * (decision 0047): the host resolves `media:<id>` targets, and may open a photo in a lightbox.
 */
export type MediaHost = {
  resolveMedia: (id: string) => MediaState;
  /** Opening a photo in the text (a click, Enter or Space); without it photos are not buttons. */
  openPhoto?: (id: string, opener: HTMLElement) => void;
};

/** The host's media, for every `media:` target rendered below it. Without one, files show as unavailable. */
export const MediaContext = createContext<MediaHost | null>(null);

export function useMediaHost(): MediaHost | null {
  return useContext(MediaContext);
}

/** "1.2 MB", "840 KB": decimal, as the upload limits are said. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} bytes`;
}

/** The kind of file an item is, by its stored type. */
export function mediaKind(item: MediaItem): 'image' | 'audio' | 'document' {
  if (item.contentType.startsWith('image/')) return 'image';
  if (item.contentType.startsWith('audio/')) return 'audio';
  return 'document';
}
