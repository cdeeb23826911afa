import type { ReactNode } from 'react';
import type { MediaItem } from '@dayframe/contracts';
import { formatBytes, mediaKind, useMediaHost, type MediaState } from './media-context.ts';

/**
 * `![caption](media:<id>)`: a photo, a player or a download link, by the file's kind. The image
 * carries its width and height before it loads (and the box is reserved while the item itself
 * is asked for), so the text below never jumps.
 */
export function MediaEmbed({ id, caption }: { id: string; caption: string }) {
  const host = useMediaHost();
  const state: MediaState = host ? host.resolveMedia(id) : 'missing';
  if (state === 'loading')
    return (
      <span
        className="md-media md-media-loading"
        role="img"
        aria-label={`Loading ${caption || 'file'}…`}
      />
    );
  if (state === 'missing') return <Unavailable caption={caption} />;
  const kind = mediaKind(state);
  if (kind === 'image') {
    const photo = (
      <img
        src={state.thumbnailUrl ?? state.url}
        width={state.width}
        height={state.height}
        alt={caption}
        loading="lazy"
        decoding="async"
      />
    );
    const open = host?.openPhoto;
    return open ? (
      <button
        type="button"
        className="md-media md-media-image"
        aria-label={`Open photo${caption ? `: ${caption}` : ''}`}
        onClick={(event) => open(id, event.currentTarget)}
      >
        {photo}
      </button>
    ) : (
      <span className="md-media md-media-image">{photo}</span>
    );
  }
  if (kind === 'audio')
    return (
      <span className="md-media md-media-audio">
        {caption ? <span className="md-media-caption">{caption}</span> : null}
        <audio controls preload="none" src={state.url} aria-label={caption || 'Audio'} />
      </span>
    );
  return <FileLink item={state}>{caption || 'File'}</FileLink>;
}

/** `[words](media:<id>)`: the words link to the file (a fresh signed link), or stay words. */
export function MediaLink({ id, children }: { id: string; children: ReactNode }) {
  const host = useMediaHost();
  const state: MediaState = host ? host.resolveMedia(id) : 'missing';
  if (state === 'loading') return <span className="md-media-link">{children}</span>;
  if (state === 'missing')
    return (
      <span className="md-media-link md-media-gone" title="File unavailable">
        {children}
      </span>
    );
  return <FileLink item={state}>{children}</FileLink>;
}

/** A download link with the file's size; the link is signed, so it opens without a token. */
function FileLink({ item, children }: { item: MediaItem; children: ReactNode }) {
  return (
    <a className="md-media-file" href={item.url} download rel="noopener noreferrer">
      {children} <span className="md-media-size">({formatBytes(item.bytes)})</span>
    </a>
  );
}

function Unavailable({ caption }: { caption: string }) {
  // The kind of a file that is gone is not known; most embeds are photos.
  return (
    <span className="md-media md-media-missing" title={caption || undefined}>
      Photo unavailable
    </span>
  );
}
