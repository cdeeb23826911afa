import { describe, expect, it } from 'vitest';
import { dayLabel, heatmapWeeks, weekday, writingWindow } from './heatmap-days.ts';

describe('heatmap days', () => {
  it('labels a day the way it is read out', () => {
    expect(dayLabel('2026-11-02', 3)).toBe('3 entries on Nov 2, 2026');
    expect(dayLabel('2026-11-02', 1)).toBe('1 entry on Nov 2, 2026');
    expect(dayLabel('2024-02-29', 0)).toBe('No entries on Feb 29, 2024');
  });

  it('knows the weekday of a date, Monday first', () => {
    expect(weekday('2026-11-23')).toBe(0); // a Monday
    expect(weekday('2026-11-22')).toBe(6); // a Sunday
  });

  it('lays out 52 weeks, Monday on top, ending with the week of today and no day after it', () => {
    const weeks = heatmapWeeks('2026-11-25'); // a Wednesday
    expect(weeks).toHaveLength(52);
    expect(weeks.at(-1)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      null,
      null,
      null,
      null,
    ]);
    expect(weeks[0]![0]).toBe('2025-12-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(51 * 7 + 3);
    // The API's window stays within 366 days.
    expect(writingWindow('2026-11-25')).toEqual({ from: '2025-12-01', to: '2026-11-25' });
  });
});
