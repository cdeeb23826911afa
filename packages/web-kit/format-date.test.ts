import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it.each([
    ['2026-11-05', 'Nov 05, 2026'],
    ['2026-01-01', 'Jan 01, 2026'],
    ['2026-12-31', 'Dec 31, 2026'],
    ['2028-02-29', 'Feb 29, 2028'],
  ])('%s → %s', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['2026-02-30'],
    ['2027-02-29'],
    ['2026-13-01'],
    ['not a date'],
    [Number.NaN],
  ])('shows a dash for %j', (input) => {
    expect(formatDate(input as string | null | undefined)).toBe('—');
  });

  it('shows an instant as the local day', () => {
    const lateEvening = new Date(2026, 10, 5, 23, 30);
    expect(formatDate(lateEvening)).toBe('Nov 05, 2026');
    expect(formatDate(lateEvening.toISOString())).toBe('Nov 05, 2026');
    expect(formatDate(lateEvening.getTime())).toBe('Nov 05, 2026');
  });
});
