import { describe, expect, it } from 'vitest';
import { moodSegments, moodWindow, overallMood } from './mood-days.ts';

const day = (date: string, average: number, entries = 1) => ({ date, average, entries });

describe('the mood chart days', () => {
  it('count the window back from today, today included, across months and years', () => {
    expect(moodWindow('2026-11-04', 30)).toEqual({ from: '2026-10-06', to: '2026-11-04' });
    expect(moodWindow('2026-03-01', 90)).toEqual({ from: '2025-12-02', to: '2026-03-01' });
    expect(moodWindow('2028-12-31', 365)).toEqual({ from: '2028-01-02', to: '2028-12-31' });
  });

  it('cut the line where a day has no mood, a lone day being a segment of one point', () => {
    const segments = moodSegments(
      [
        day('2026-11-01', 3),
        day('2026-10-30', 4),
        day('2026-10-31', 5),
        day('2026-11-03', 2),
        day('2026-11-04', 2.5),
        day('2026-10-27', 1),
      ],
      '2026-10-26',
      '2026-11-04',
    );
    expect(segments.map((s) => s.map((p) => `${p.index}:${p.average}`))).toEqual([
      ['1:1'],
      ['4:4', '5:5', '6:3'],
      ['8:2', '9:2.5'],
    ]);
    expect(segments[1]![0]!.date).toBe('2026-10-30');
  });

  it('leave out days outside the window and draw nothing for no days', () => {
    expect(moodSegments([], '2026-11-01', '2026-11-30')).toEqual([]);
    const inside = moodSegments(
      [day('2026-10-31', 3), day('2026-11-01', 4), day('2026-11-30', 5), day('2026-12-01', 5)],
      '2026-11-01',
      '2026-11-30',
    );
    expect(inside.map((s) => s.map((p) => p.date))).toEqual([['2026-11-01'], ['2026-11-30']]);
  });

  it('average every entry once, so a busy day weighs more than a quiet one', () => {
    expect(overallMood([])).toBeNull();
    expect(overallMood([day('2026-11-01', 5, 3), day('2026-11-02', 1, 1)])).toBe(4);
  });
});
