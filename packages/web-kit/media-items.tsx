import { MEDIA_LIMITS, type MediaItem } from '@dayframe/contracts';
import { api } from './api-client.ts';
import { useLoad } from './use-load.ts';

/**
 * Stored files by id (`GET /api/media?ids=`), with fresh signed links: one call per
 * `MEDIA_LIMITS.idsPerRequest` ids. An id that is gone or not the caller's is absent.
 */
export async function getMediaItems(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, MediaItem>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, MediaItem>();
  for (let i = 0; i < unique.length; i += MEDIA_LIMITS.idsPerRequest) {
    const batch = unique.slice(i, i + MEDIA_LIMITS.idsPerRequest);
    const items = await api.get<MediaItem[]>(`/media?ids=${batch.join(',')}`, { signal });
    for (const item of items) found.set(item.id, item);
  }
  return found;
}

const NONE: ReadonlyMap<string, MediaItem> = new Map();

/**
 * The files `ids` name, for pictures beside a list (one call per list). Until they arrive, and
 * when they cannot be had, the map is empty: a list shows without its pictures rather than fail.
 */
export function useMediaItems(ids: readonly string[]): ReadonlyMap<string, MediaItem> {
  const key = [...new Set(ids)].sort().join(',');
  const loaded = useLoad(
    (signal) => (key ? getMediaItems(key.split(','), signal) : Promise.resolve(NONE)),
    [key],
    { keepPrevious: true, onError: (error) => console.warn('Loading pictures failed', error) },
  );
  return loaded.state.status === 'ready' ? loaded.state.data : NONE;
}

/** Whether a stored file is an image (a picture can be drawn of it). */
export function isImage(item: MediaItem | undefined): item is MediaItem {
  return Boolean(item?.contentType.startsWith('image/'));
}

/**
 * A small picture of a stored image: its thumbnail once made, else the file; its own width and
 * height so the page does not shift as it arrives, fetched only as it nears the screen.
 */
export function MediaThumbnail({
  item,
  alt,
  className,
}: {
  item: MediaItem;
  alt: string;
  className?: string;
}) {
  return (
    <img
      src={item.thumbnailUrl ?? item.url}
      width={item.width}
      height={item.height}
      loading="lazy"
      decoding="async"
      alt={alt}
      className={className}
    />
  );
}
