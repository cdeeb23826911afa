import { describe, expect, it } from 'vitest';
import { batchesOf } from './batches.ts';

describe('batchesOf', () => {
  it('slices in order, the last batch holding what is left', () => {
    expect([...batchesOf([1, 2, 3, 4, 5], 2)]).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('yields nothing for nothing', () => {
    expect([...batchesOf([], 500)]).toEqual([]);
  });
});
