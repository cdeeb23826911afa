import { describe, expect, it } from 'vitest';
import { dateOfDayNumber, dayNumber } from './calendar-dates.ts';
import { JOURNAL_PROMPTS, promptOfTheDay } from './prompts.ts';

const yearOf = (first: string, days: number) =>
  Array.from({ length: days }, (_, i) => dateOfDayNumber(dayNumber(first) + i));

describe('promptOfTheDay', () => {
  it('has at least 60 distinct prompts, each a question or an invitation of real length', () => {
    expect(JOURNAL_PROMPTS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(JOURNAL_PROMPTS).size).toBe(JOURNAL_PROMPTS.length);
    for (const prompt of JOURNAL_PROMPTS) {
      expect(prompt.trim()).toBe(prompt);
      expect(prompt.length).toBeGreaterThan(20);
    }
  });

  it('answers the same prompt for the same date every time, from the string alone', () => {
    const first = promptOfTheDay('2026-11-26');
    expect(promptOfTheDay('2026-11-26')).toBe(first);
    expect(promptOfTheDay('2026-11-26', 0)).toBe(first);
    expect(JOURNAL_PROMPTS).toContain(first);
    // Not the clock nor the time zone: the same answer under another TZ in this process.
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    try {
      expect(promptOfTheDay('2026-11-26')).toBe(first);
    } finally {
      process.env.TZ = zone;
    }
  });

  it('differs from one day to the next, across month and year ends', () => {
    const days = [...yearOf('2026-01-01', 365), '2027-01-01', ...yearOf('2028-02-27', 4)];
    for (let i = 1; i < days.length; i++) {
      const [before, after] = [days[i - 1] ?? '', days[i] ?? ''];
      if (dayNumber(after) - dayNumber(before) !== 1) continue;
      expect(promptOfTheDay(after), `${before} → ${after}`).not.toBe(promptOfTheDay(before));
    }
  });

  it('visits every prompt once by shuffling before any repeats', () => {
    for (const date of ['2026-11-26', '2024-02-29', '0001-01-01', '9999-12-31']) {
      const seen = Array.from({ length: JOURNAL_PROMPTS.length }, (_, n) =>
        promptOfTheDay(date, n),
      );
      expect(new Set(seen).size, date).toBe(JOURNAL_PROMPTS.length);
      // ...and then starts over.
      expect(promptOfTheDay(date, JOURNAL_PROMPTS.length)).toBe(seen[0]);
    }
  });

  it('answers a prompt for every date of a leap year, and uses many of them', () => {
    const year = yearOf('2028-01-01', 366);
    expect(year.at(-1)).toBe('2028-12-31');
    const used = new Set(year.map((date) => promptOfTheDay(date)));
    for (const prompt of used) expect(JOURNAL_PROMPTS).toContain(prompt);
    expect(used.size).toBe(JOURNAL_PROMPTS.length);
  });

  it('refuses what is not a calendar date', () => {
    for (const bad of ['2026-02-30', '26-11-2026', '', '2026-11-26T10:00:00Z'])
      expect(() => promptOfTheDay(bad), bad).toThrow(RangeError);
  });
});
