import { describe, expect, it } from 'vitest';
import { finding } from '@dayframe/test-kit';
import type { ExportedEntry } from '@dayframe/contracts';
import { entryFiles } from './export-files.ts';
import type { ExportReader } from './export-reader.ts';
import { uniqueNames } from './slugs.ts';

describe('uniqueNames', () => {
  it('hands out the name, then -2, -3, ... and skips suffixes a title already took', () => {
    const name = uniqueNames();
    const given = ['a', 'a', 'a-3', 'a', 'a', 'b', 'a-2', 'a-2', 'b'].map(name);
    expect(given).toEqual(['a', 'a-2', 'a-3', 'a-4', 'a-5', 'b', 'a-2-2', 'a-2-3', 'b-2']);
    expect(new Set(given).size).toBe(given.length);
  });

  it('gives a title that looks like a suffix its own suffixes when the base name takes it first', () => {
    const name = uniqueNames();
    expect(['x-2', 'x', 'x', 'x', 'x-2'].map(name)).toEqual(['x-2', 'x', 'x-3', 'x-4', 'x-2-2']);
  });
});

// Issue 24, finding 3: the k-th same-named file used to try k-1 suffixes (5·10⁹ tries for
// 100,000 untitled entries on one day). The deadline is generous; the quadratic version took
// minutes.
describe('export file names of 100,000 untitled entries on one day', () => {
  it('are distinct and in order, within seconds', () =>
    finding('R3-3 export names of 100,000 untitled entries on one day', 'survived', async () => {
      const COUNT = 100_000;
      const page = (start: number): ExportedEntry[] =>
        Array.from({ length: 500 }, (_, i) => ({
          _id: `e${start + i}`,
          title: '',
          content: '',
          date: '2026-03-01',
        }));
      const reader: ExportReader = {
        exportedAt: '2026-11-26T00:00:00.000Z',
        signIn: { password: true, totp: false, passkeys: 0 },
        journals: [
          { _id: 'j', title: 'Daily', description: '', createdAt: '2026-01-01T00:00:00Z' },
        ],
        async *entries() {
          for (let start = 0; start < COUNT; start += 500) yield page(start);
        },
        async *goals() {},
        media: [],
        openMedia: () => Promise.reject(new Error('no files')),
      };
      const started = performance.now();
      const paths: string[] = [];
      for await (const files of entryFiles(reader)) for (const file of files) paths.push(file.path);
      const elapsed = performance.now() - started;
      expect(paths).toHaveLength(COUNT);
      expect(new Set(paths).size).toBe(COUNT);
      expect(paths[0]).toBe('journals/daily/2026-03-01-entry.md');
      expect(paths[1]).toBe('journals/daily/2026-03-01-entry-2.md');
      expect(paths[COUNT - 1]).toBe(`journals/daily/2026-03-01-entry-${COUNT}.md`);
      expect(elapsed).toBeLessThan(5_000);
    }));
});
