import { describe, expect, it } from 'vitest';
import { capInlineMarkers, MAX_MARKERS_PER_BLOCK } from './inline-markers.ts';
import { capNesting, MAX_NESTING } from './nesting.ts';

describe('capNesting', () => {
  it('leaves ordinary Markdown as it is', () => {
    const source = '> quote\n- item\n  1. nested\n* star\n+ plus\n-not a list\n10) ten';
    expect(capNesting(source)).toBe(source);
  });

  it('blanks the markers past the limit, keeping the length', () => {
    const deep = `${'> '.repeat(MAX_NESTING + 3)}deep\nnext`;
    const capped = capNesting(deep);
    expect(capped.length).toBe(deep.length);
    expect(capped).toBe(`${'> '.repeat(MAX_NESTING)}${' '.repeat(6)}deep\nnext`);
    const lists = `${'- 1. '.repeat(MAX_NESTING)}x`;
    expect(capNesting(lists)).toBe(
      `${'- 1. '.repeat(MAX_NESTING / 2)}${' '.repeat(lists.length - 1 - 5 * (MAX_NESTING / 2))}x`,
    );
  });

  it('is linear on 10,000 markers', () => {
    const started = performance.now();
    expect(capNesting('- '.repeat(10_000) + 'x').length).toBe(20_001);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('capInlineMarkers', () => {
  it('leaves blocks with up to the limit as they are, and counts again after a blank line', () => {
    const block = '[a](https://example.com) '.repeat(MAX_MARKERS_PER_BLOCK / 2 - 1) + '*b*';
    const source = `${block}\n\n${block}`;
    expect(capInlineMarkers(source)).toBe(source);
  });

  it('turns the brackets past the limit into parentheses, keeping the length', () => {
    const source = '['.repeat(MAX_MARKERS_PER_BLOCK + 3) + '\nsame block []*_~`<';
    expect(capInlineMarkers(source)).toBe(
      `${'['.repeat(MAX_MARKERS_PER_BLOCK)}(((\nsame block ()\u2217\u2017\u223c\u02cb\u2039`,
    );
  });
});
