import { describe, expect, it } from 'vitest';
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
    expect(capNesting(lists)).toBe(`${'- 1. '.repeat(MAX_NESTING / 2)}${' '.repeat(lists.length - 1 - 5 * (MAX_NESTING / 2))}x`);
  });

  it('is linear on 10,000 markers', () => {
    const started = performance.now();
    expect(capNesting('- '.repeat(10_000) + 'x').length).toBe(20_001);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
