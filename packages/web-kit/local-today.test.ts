import { describe, expect, it } from 'vitest';
import { localToday } from './local-today.ts';

describe('localToday', () => {
  it('is the local calendar date, zero-padded', () => {
    expect(localToday(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 10, 5, 23, 59, 59))).toBe('2026-11-05');
  });

  it('defaults to now', () => {
    const now = new Date();
    const expected = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(localToday()).toBe(expected);
  });
});
