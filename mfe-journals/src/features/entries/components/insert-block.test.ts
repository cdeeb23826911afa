import { describe, expect, it } from 'vitest';
import { insertBlock } from './insert-block.ts';

describe('insertBlock', () => {
  it('puts a file reference on a line of its own wherever the cursor is', () => {
    expect(insertBlock('', 0, '![a](media:x)')).toEqual({ value: '![a](media:x)\n', caret: 14 });
    expect(insertBlock('Morning', 7, '![a](media:x)')).toEqual({
      value: 'Morning\n![a](media:x)\n',
      caret: 22,
    });
    expect(insertBlock('Morning walk', 7, 'B')).toEqual({ value: 'Morning\nB\n walk', caret: 10 });
    expect(insertBlock('One\nTwo', 4, 'B')).toEqual({ value: 'One\nB\nTwo', caret: 6 });
    // A line break already after the cursor is used, not doubled.
    expect(insertBlock('One\n', 3, 'B')).toEqual({ value: 'One\nB\n', caret: 6 });
  });

  it('places one after another at the caret it returns, in order', () => {
    const first = insertBlock('Day', 3, 'A');
    expect(insertBlock(first.value, first.caret, 'B').value).toBe('Day\nA\nB\n');
  });
});
