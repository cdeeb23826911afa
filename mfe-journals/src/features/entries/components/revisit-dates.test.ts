import { describe, expect, it } from 'vitest';
import { revisitDate, type RevisitSpan } from './revisit-dates.ts';

describe('revisit dates', () => {
  it.each<[string, RevisitSpan, string]>([
    ['2026-11-26', 'week', '2026-12-03'],
    ['2026-12-28', 'week', '2027-01-04'],
    ['2028-02-25', 'week', '2028-03-03'],
    ['2026-01-31', 'month', '2026-02-28'],
    ['2028-01-31', 'month', '2028-02-29'],
    ['2026-03-31', 'month', '2026-04-30'],
    ['2026-12-15', 'month', '2027-01-15'],
    ['2026-11-26', 'year', '2027-11-26'],
    ['2028-02-29', 'year', '2029-02-28'],
  ])('%s + a %s is %s', (today, span, expected) => {
    expect(revisitDate(today, span)).toBe(expected);
  });
});
