import { useEffect, useId, useMemo } from 'react';
import { mediaFilesIn } from '@dayframe/markdown';
import { formatBytes, mediaKind, useMediaHost } from '@dayframe/markdown/media';
import type { MediaItem } from '@dayframe/contracts';
import { FileIcon } from '@dayframe/web-kit';
import type { Photo } from './photo-viewer.ts';

/**
 * Under a saved entry: its photos as a grid of thumbnails in text order (each opens the
 * lightbox), then its audio with players and its other files as download links, whether the
 * text embeds or links them. Files still
 * being asked for wait; files gone are left out. A chunk of its own (it parses the entry).
 */
export function EntryMedia({
  content,
  onPhotos,
}: {
  content: string;
  /** The photos shown, in order: the lightbox steps through them. */
  onPhotos: (photos: Photo[]) => void;
}) {
  const host = useMediaHost();
  const embeds = useMemo(() => mediaFilesIn(content), [content]);
  const resolved = embeds.map((embed) => ({ ...embed, state: host?.resolveMedia(embed.id) }));
  const known = resolved.filter(
    (embed): embed is typeof embed & { state: MediaItem } =>
      typeof embed.state === 'object' && embed.state !== null,
  );
  const photos = known.filter((embed) => mediaKind(embed.state) === 'image');
  const audio = known.filter((embed) => mediaKind(embed.state) === 'audio');
  const files = known.filter((embed) => mediaKind(embed.state) === 'document');
  const photoKey = photos.map((photo) => `${photo.id}\n${photo.caption}`).join('\n');
  useEffect(() => {
    onPhotos(photos.map(({ id, caption }) => ({ id, caption })));
    // `photoKey` stands for the list: a new array each render is not a new list.
  }, [photoKey, onPhotos]);
  const headingId = useId();

  if (known.length === 0) return null;
  return (
    <section
      className="entry-media mt-6 rounded-box border border-base-300/70 bg-base-100 p-5 shadow-sm sm:p-8"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {photos.length > 0 ? `Photos (${photos.length})` : 'Files'}
      </h2>
      {photos.length > 0 ? (
        <ul className="entry-gallery" aria-label="Photos">
          {photos.map((photo) => (
            <li key={photo.id}>
              <button
                type="button"
                className="entry-gallery-photo"
                aria-label={`Open photo${photo.caption ? `: ${photo.caption}` : ''}`}
                onClick={(event) => host?.openPhoto?.(photo.id, event.currentTarget)}
              >
                <img
                  src={photo.state.thumbnailUrl ?? photo.state.url}
                  width={photo.state.width}
                  height={photo.state.height}
                  alt={photo.caption}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {audio.length > 0 || files.length > 0 ? (
        <ul className="entry-files" aria-label={photos.length > 0 ? 'Audio and files' : undefined}>
          {audio.map((clip) => (
            <li key={clip.id} className="entry-file entry-audio">
              <span className="entry-file-name">{clip.caption || 'Audio'}</span>
              <audio
                controls
                preload="none"
                src={clip.state.url}
                aria-label={clip.caption || 'Audio'}
              />
            </li>
          ))}
          {files.map((file) => (
            <li key={file.id} className="entry-file">
              <FileIcon className="size-5 text-primary" />
              <a href={file.state.url} download rel="noopener noreferrer" className="link">
                {file.caption || 'File'}
              </a>
              <span className="text-sm text-base-content/60">{formatBytes(file.state.bytes)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
