import { describe, expect, it } from 'vitest';
import { jsonSize } from './import-plan.ts';

describe('the size of a part as it is sent', () => {
  it('is the byte length of JSON.stringify, measured without building the whole text', () => {
    const values: unknown[] = [
      {},
      [],
      '',
      { journals: [{ title: 'Trips', description: '', entries: [] }] },
      { goals: [{ title: 'é日😀', completed: false, dateComplete: null, n: 1.5, big: 1e21 }] },
      ['quote " backslash \\ newline \n tab \t nul \u0000', '\u2028', 'lone \ud800 surrogate'],
      { skipped: undefined, kept: [undefined, null, true] },
      [[[{ a: [{}] }]]],
    ];
    for (const value of values)
      expect(jsonSize(value), JSON.stringify(value)).toBe(Buffer.byteLength(JSON.stringify(value)));
  });
});
