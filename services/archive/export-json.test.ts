import { describe, expect, it } from 'vitest';
import type { DayframeExport, ExportedEntry, ExportedGoal } from '@dayframe/contracts';
import { dayframeJson } from './export-json.ts';
import { goalsMarkdown } from './export-files.ts';
import type { ExportReader } from './export-reader.ts';

// The writers are pure functions of the pages they are handed; the owners' real paging is
// covered over HTTP in archive.test.ts.

const entry = (n: number): ExportedEntry => ({
  _id: `e${n}`,
  title: n % 2 ? `Entry "${n}"\n` : '',
  content: `Line one\nLine two ${'é'.repeat(n)} \u0000 {"entries": []}`,
  date: `2026-01-${String(n).padStart(2, '0')}`,
});
const goal = (n: number, completed: boolean): ExportedGoal => ({
  _id: `g${n}`,
  title: `Goal ${n}`,
  description: 'Line\n  and more',
  completed,
  dateSet: '2026-01-01',
  dateDue: '2026-02-01',
  dateComplete: completed ? '2026-01-15' : null,
});

async function* pages<T>(...all: T[][]): AsyncGenerator<T[]> {
  for (const page of all) yield page;
}

function reader(entryPages: Record<string, ExportedEntry[][]>, goalPages: ExportedGoal[][]) {
  const journals = Object.keys(entryPages).map((title, i) => ({
    _id: `j${i}`,
    title,
    description: i ? '' : 'About "this"',
    createdAt: '2026-01-01T00:00:00.000Z',
  }));
  return {
    exportedAt: '2026-11-23T10:00:00.000Z',
    signIn: { password: true, totp: true, passkeys: 2 },
    journals,
    entries: (id: string) => pages(...entryPages[journals.find((j) => j._id === id)!.title]!),
    goals: () => pages(...goalPages),
    media: [
      {
        id: 'm1',
        file: 'media/m1.jpg',
        contentType: 'image/jpeg',
        bytes: 3,
        sha256: 'ab'.repeat(32),
        takenAt: '2026-01-02',
      },
    ],
    openMedia: () => Promise.reject(new Error('dayframe.json reads no file')),
  } satisfies ExportReader;
}

async function text(chunks: AsyncIterable<string>) {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

describe('dayframe.json written a page at a time', () => {
  it.each([
    ['no journals, no goals', {}, []],
    ['a journal without entries', { Empty: [] }, [[goal(1, false)]]],
    [
      'entries over several pages, journals titled like the holes',
      {
        Daily: [[entry(1), entry(2)], [entry(3)], [entry(4), entry(5)]],
        '\u0000entries': [[entry(6)]],
        None: [],
      },
      [[goal(1, false), goal(2, false)], [goal(3, true)]],
    ],
  ] as const)('is exactly JSON.stringify(whole, null, 2): %s', async (_, entryPages, goalPages) => {
    const written = await text(
      dayframeJson(
        reader(
          entryPages as Record<string, ExportedEntry[][]>,
          goalPages as unknown as ExportedGoal[][],
        ),
      ),
    );
    const whole = JSON.parse(written) as DayframeExport;
    expect(written).toBe(JSON.stringify(whole, null, 2));
    const expected = Object.values(entryPages as Record<string, ExportedEntry[][]>).map((p) =>
      p.flat(),
    );
    expect(whole.journals.map((j) => j.entries)).toEqual(expected);
    expect(whole.goals).toEqual((goalPages as unknown as ExportedGoal[][]).flat());
    expect(whole).toMatchObject({ format: 'dayframe-export', version: 2 });
    expect(whole.account).toEqual({ signIn: { password: true, totp: true, passkeys: 2 } });
    expect(whole.media.map((m) => m.file)).toEqual(['media/m1.jpg']);
  });
});

describe('goals.md written in one pass', () => {
  it('lists active then completed goals, "(none)" for an empty list', async () => {
    const none = await text(goalsMarkdown(pages()));
    expect(none).toBe('# Goals\n\n## Active\n\n(none)\n\n## Completed\n\n(none)\n');
    const activeOnly = await text(goalsMarkdown(pages([goal(1, false)])));
    expect(activeOnly).toBe(
      '# Goals\n\n## Active\n\n- **Goal 1** (set 2026-01-01, due 2026-02-01): Line and more\n\n## Completed\n\n(none)\n',
    );
    const completedOnly = await text(goalsMarkdown(pages([], [goal(2, true)])));
    expect(completedOnly).toBe(
      '# Goals\n\n## Active\n\n(none)\n\n## Completed\n\n- **Goal 2** (set 2026-01-01, due 2026-02-01, completed 2026-01-15): Line and more\n',
    );
    const both = await text(goalsMarkdown(pages([goal(1, false)], [goal(2, true), goal(3, true)])));
    expect(both.split('\n## Completed\n\n')[1]!.trim().split('\n')).toHaveLength(2);
  });
});
