import { describe, expect, it } from 'vitest';
import { EXCERPT_CHARS, excerptOf } from './entry-summaries.ts';

describe('a revisit reminder’s excerpt of an entry', () => {
  it('is the opening as plain text on one line, Markdown stripped', () => {
    expect(
      excerptOf('# Night\n\nThe **wind** took [the fence](https://x.example).\n\n- a\n- b'),
    ).toBe('Night The wind took the fence. a b');
  });

  it('is cut at a word within the limit, marked as cut', () => {
    const long = `${'word '.repeat(100)}end`;
    const excerpt = excerptOf(long);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARS + 1);
    expect(excerpt).toMatch(/^(word )+word…$/);
    expect(excerptOf('Short.')).toBe('Short.');
  });
});
