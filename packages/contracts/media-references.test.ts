import { describe, expect, it } from 'vitest';
import { mediaIdOf, mediaIdsIn, mediaMarkdown, mediaReferencesIn } from './media-references.ts';

const A = '0b1e6c1e-8f5a-4c7e-9a43-0d6f2f3f9c11';
const B = '7d4c2a10-1b2c-4d3e-8f90-a1b2c3d4e5f6';

describe('media references in an entry', () => {
  it('finds embeds and links in order, each id once, lower-cased', () => {
    const text = `Morning ![the lake](media:${A})\nand [the ticket](media:${B.toUpperCase()} "pdf")\n![again](media:${A})`;
    expect(mediaReferencesIn(text)).toEqual([
      { id: A, embedded: true },
      { id: B, embedded: false },
    ]);
    expect(mediaIdsIn(text)).toEqual([A, B]);
  });

  it('ignores what only looks like a reference', () => {
    expect(mediaIdsIn(`media:${A} ![x](https://example.com/media:${A}) ![y](media:${A}x)`)).toEqual(
      [],
    );
    expect(mediaIdsIn('![x](media:not-an-id)')).toEqual([]);
  });

  it('reads a link target and writes an embed whose caption cannot break out', () => {
    expect(mediaIdOf(` media:${A} `)).toBe(A);
    expect(mediaIdOf(`media:${A}/x`)).toBeNull();
    const written = mediaMarkdown(A, 'a [bracket] here');
    expect(written).toBe(`![a \\[bracket\\] here](media:${A})`);
    expect(mediaIdsIn(written)).toEqual([A]);
  });
});
