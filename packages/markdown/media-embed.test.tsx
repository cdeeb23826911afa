import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '@dayframe/contracts';
import { Markdown } from './render.tsx';
import { mediaFilesIn } from './media-files.ts';
import { MediaContext, type MediaHost, type MediaState } from './media-context.ts';

const PHOTO = '0b6f7a52-3c1e-4a5e-9d2f-2b1c0a9e8f71';
const THUMBED = '1b6f7a52-3c1e-4a5e-9d2f-2b1c0a9e8f72';
const VOICE = '2b6f7a52-3c1e-4a5e-9d2f-2b1c0a9e8f73';
const SCAN = '3b6f7a52-3c1e-4a5e-9d2f-2b1c0a9e8f74';
const GONE = '4b6f7a52-3c1e-4a5e-9d2f-2b1c0a9e8f75';
const WAITING = '5b6f7a52-3c1e-4a5e-9d2f-2b1c0a9e8f76';

const item = (id: string, contentType: string, extra: Partial<MediaItem> = {}): MediaItem => ({
  id,
  contentType,
  bytes: 1_250_000,
  createdAt: '2026-11-26T10:00:00.000Z',
  url: `/api/media/${id}/file?exp=1&sig=a`,
  ...extra,
});

const ITEMS: Record<string, MediaState> = {
  [PHOTO]: item(PHOTO, 'image/jpeg', { width: 800, height: 600 }),
  [THUMBED]: item(THUMBED, 'image/png', {
    width: 40,
    height: 30,
    thumbnailUrl: `/api/media/${THUMBED}/thumbnail?exp=1&sig=b`,
  }),
  [VOICE]: item(VOICE, 'audio/mpeg'),
  [SCAN]: item(SCAN, 'application/pdf'),
  [WAITING]: 'loading',
};

function html(source: string, host: Partial<MediaHost> | null = {}) {
  const value: MediaHost | null = host && {
    resolveMedia: (id) => ITEMS[id] ?? 'missing',
    ...host,
  };
  return renderToStaticMarkup(
    <MediaContext.Provider value={value}>
      <Markdown source={source} />
    </MediaContext.Provider>,
  );
}

describe('files in rendered Markdown (media:<id>)', () => {
  it('shows a photo sized before it loads, lazily, with its caption as alt; the thumbnail when there is one', () => {
    const markup = html(`![Beach](media:${PHOTO})\n\n![Dog](media:${THUMBED.toUpperCase()})`);
    // The frame has a definite width before the photo loads (its own, the column's, or what
    // keeps it 32rem high) and the photo fills it at its shape: no 0 px box that grows later.
    expect(markup).toContain(
      `<span class="md-media md-media-image" style="width:min(100%, 800px, 42.667rem)"><img src="/api/media/${PHOTO}/file?exp=1&amp;sig=a" width="800" height="600" style="width:100%;height:auto;aspect-ratio:800 / 600" alt="Beach" loading="lazy" decoding="async"/>`,
    );
    expect(markup).toContain(`src="/api/media/${THUMBED}/thumbnail?exp=1&amp;sig=b"`);
    // Without a way to open photos they are not buttons.
    expect(markup).not.toContain('<button');
  });

  it('makes a photo a button when the host can open it', () => {
    const markup = html(`![Beach](media:${PHOTO})`, { openPhoto: () => undefined });
    expect(markup).toMatch(
      /<button type="button" class="md-media md-media-image" style="width:min\(100%, 800px, 42.667rem\)" aria-label="Open photo: Beach"><img /,
    );
  });

  it('gives audio a player that fetches nothing until played, and a PDF a download link with its size', () => {
    const markup = html(`![Voice note](media:${VOICE})\n\n![Lease](media:${SCAN})`);
    expect(markup).toContain(
      `<audio controls="" preload="none" src="/api/media/${VOICE}/file?exp=1&amp;sig=a" aria-label="Voice note"></audio>`,
    );
    expect(markup).toContain('<span class="md-media-caption">Voice note</span>');
    expect(markup).toMatch(
      new RegExp(
        `<a class="md-media-file" href="/api/media/${SCAN}/file\\?exp=1&amp;sig=a" download="" rel="noopener noreferrer">Lease <span class="md-media-size">\\(1.3 MB\\)</span></a>`,
      ),
    );
  });

  it('links words to a file, and keeps them as words when it is gone', () => {
    expect(html(`See [the lease](media:${SCAN}).`)).toContain(
      `<a class="md-media-file" href="/api/media/${SCAN}/file?exp=1&amp;sig=a" download=""`,
    );
    const gone = html(`See [the lease](media:${GONE}).`);
    expect(gone).toContain(
      '<span class="md-media-link md-media-gone" title="File unavailable">the lease</span>',
    );
    expect(gone).not.toContain('<a');
  });

  it('reserves a box while the item is asked for, and says a photo is unavailable when it is gone or there is no host', () => {
    expect(html(`![Wait](media:${WAITING})`)).toContain(
      '<span class="md-media md-media-loading" role="img" aria-label="Loading Wait…"></span>',
    );
    expect(html(`![Beach](media:${GONE})`)).toContain('Photo unavailable');
    expect(html(`![Beach](media:${PHOTO})`, null)).toContain('Photo unavailable');
    expect(html(`![Beach](media:${PHOTO})`, null)).not.toContain('<img');
  });

  it('leaves other targets as they were: /api/media paths show, anything else is words', () => {
    expect(html('![old](/api/media/x.png)')).toContain('<img src="/api/media/x.png" alt="old"');
    expect(html('![x](media:not-an-id)')).toContain('<span class="md-image-placeholder">x</span>');
    expect(html('[x](media:not-an-id)')).toBe('<div class="markdown"><p><span>x</span></p></div>');
  });

  it('lists the files referred to in text order, each once, leaving out code', () => {
    const source = [
      `![Dog](media:${THUMBED})`,
      '',
      `- ![Beach](media:${PHOTO}) and [a link](media:${SCAN})`,
      '',
      `\`![code](media:${VOICE})\``,
      '',
      `![Dog again](media:${THUMBED}) ![Voice](media:${VOICE})`,
    ].join('\n');
    expect(mediaFilesIn(source)).toEqual([
      { id: THUMBED, caption: 'Dog', embedded: true },
      { id: PHOTO, caption: 'Beach', embedded: true },
      { id: SCAN, caption: 'a link', embedded: false },
      { id: VOICE, caption: 'Voice', embedded: true },
    ]);
  });
});
