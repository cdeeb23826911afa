import type { CSSProperties, ReactNode } from 'react';
import type { MediaItem } from '@dayframe/contracts';
import { formatBytes, mediaKind, useMediaHost, type MediaState } from './media-context.ts';

/**
 * `![caption](media:<id>)`: a photo, a player or a download link, by the file's kind. The image
 * carries its width and height before it loads (and the box is reserved while the item itself
 * is asked for), so the text below never jumps.
 */
/** The tallest a photo is shown in the text, in rem: a portrait photo does not fill the screen. */
const TALLEST_REM = 32;

/**
 * A photo's frame, definite before a byte of it arrives: its own width, at most the column's
 * and at most what keeps it `TALLEST_REM` high; the photo fills it at its own shape. On the
 * frame, not the image: a button (a photo that opens) shrinks to its content, so an image's
 * `width: 100%` inside it would resolve against nothing and leave a lazy photo 0 px high until
 * it loaded, then push the text below it down.
 */
function frameOf(item: MediaItem): { frame?: CSSProperties; photo?: CSSProperties } {
  if (!item.width || !item.height) return {};
  const widestRem = (TALLEST_REM * item.width) / item.height;
  return {
    frame: { width: `min(100%, ${item.width}px, ${widestRem.toFixed(3)}rem)` },
    photo: { width: '100%', height: 'auto', aspectRatio: `${item.width} / ${item.height}` },
  };
}

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
    const box = frameOf(state);
    const photo = (
      <img
        src={state.thumbnailUrl ?? state.url}
        width={state.width}
        height={state.height}
        style={box.photo}
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
        style={box.frame}
        aria-label={`Open photo${caption ? `: ${caption}` : ''}`}
        onClick={(event) => open(id, event.currentTarget)}
      >
        {photo}
      </button>
    ) : (
      <span className="md-media md-media-image" style={box.frame}>
        {photo}
      </span>
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
