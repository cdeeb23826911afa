import { describe, expect, it } from 'vitest';
import type { ImportCounts } from '@dayframe/contracts';
import { importSummary } from './your-data.tsx';

const counts = (over: Partial<ImportCounts> = {}): ImportCounts => ({
  journals: { created: 1, matched: 0 },
  entries: { created: 2, skipped: 0 },
  goals: { created: 0, skipped: 0 },
  media: { created: 0, skipped: 0 },
  photosMissing: 0,
  ...over,
});

describe('the import summary', () => {
  it('says what was added, as before, when no file came with it', () => {
    expect(importSummary(counts())).toBe('1 journal, 2 entries and 0 goals added.');
  });

  it('says how many files were added and how many Day One photos were left out', () => {
    expect(importSummary(counts({ media: { created: 3, skipped: 1 } }))).toBe(
      '1 journal, 2 entries and 0 goals added. 3 photos and files added.',
    );
    expect(importSummary(counts({ photosMissing: 1 }))).toBe(
      '1 journal, 2 entries and 0 goals added. 1 photo was not in the file and left out: import the Day One zip to bring them.',
    );
  });
});
