import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, type MediaItem } from '@dayframe/contracts';
import { captionOf, fileProblem, referenceFor } from './media-files.ts';

const ID = '0b6f7a52-3c1e-4a5e-9d2f-2b1c0a9e8f71';
const item = (contentType: string): MediaItem => ({
  id: ID,
  contentType,
  bytes: 10,
  createdAt: '2026-11-26T10:00:00.000Z',
  url: '/x',
});

describe('files added to an entry', () => {
  it('refuses in the browser what the server would: too large, or a kind it does not keep', () => {
    const big = new File([new Uint8Array(25_000_001)], 'big.jpg', { type: 'image/jpeg' });
    expect(fileProblem(big)).toBe(MEDIA_MESSAGES.tooLarge);
    expect(fileProblem(new File(['x'], 'a.exe', { type: 'application/x-msdownload' }))).toBe(
      MEDIA_MESSAGES.unsupported,
    );
    expect(fileProblem(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(
      MEDIA_MESSAGES.unsupported,
    );
    expect(fileProblem(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    // A type the browser does not know is judged by the extension.
    expect(fileProblem(new File(['x'], 'voice.M4A'))).toBeNull();
    expect(fileProblem(new File(['x'], 'voice.wav'))).toBe(MEDIA_MESSAGES.unsupported);
  });

  it('embeds photos and audio captioned by their name, and links documents by their name', () => {
    expect(captionOf('IMG_2041.HEIC.jpg')).toBe('IMG_2041.HEIC');
    expect(referenceFor(new File(['x'], 'Beach [1].jpg'), item('image/jpeg'))).toBe(
      `![Beach \\[1\\]](media:${ID})`,
    );
    expect(referenceFor(new File(['x'], 'note.mp3'), item('audio/mpeg'))).toBe(
      `![note](media:${ID})`,
    );
    expect(referenceFor(new File(['x'], 'lease.pdf'), item('application/pdf'))).toBe(
      `[lease.pdf](media:${ID})`,
    );
  });
});
