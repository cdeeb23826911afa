import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  daysInMonth,
  gridRange,
  monthGrid,
  monthLabel,
  shiftMonth,
  weekdayIndex,
} from './month-grid.ts';

/** An independent oracle: the UTC calendar of the JavaScript engine. */
function utcDate(year: number, month: number, day: number): Date {
  const d = new Date(Date.UTC(2000, 0, 1));
  d.setUTCFullYear(year, month - 1, day);
  return d;
}
function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}
/** Monday 0 … Sunday 6 by the oracle. */
function oracleWeekday(d: Date): number {
  return (d.getUTCDay() + 6) % 7;
}

describe('monthGrid', () => {
  const years = [1999, 2000, 2023, 2024, 2025, 2026, 2027, 2028, 2100];
  for (const year of years) {
    it(`lays out every month of ${year} Monday first, whole weeks, every day once`, () => {
      for (let month = 1; month <= 12; month++) {
        const weeks = monthGrid({ year, month });
        const days = weeks.flat();
        const first = utcDate(year, month, 1);
        const lengthByOracle = utcDate(year, month + 1, 0).getUTCDate();

        expect(weeks.length).toBeGreaterThanOrEqual(4);
        expect(weeks.length).toBeLessThanOrEqual(6);
        for (const week of weeks) expect(week).toHaveLength(7);

        // The first cell is a Monday, the last a Sunday, and they are consecutive days.
        const gridStart = utcDate(year, month, 1 - oracleWeekday(first));
        days.forEach((cell, i) => {
          const expected = utcDate(
            gridStart.getUTCFullYear(),
            gridStart.getUTCMonth() + 1,
            gridStart.getUTCDate() + i,
          );
          expect(cell.date).toBe(iso(expected));
          expect(cell.day).toBe(expected.getUTCDate());
          expect(oracleWeekday(expected)).toBe(i % 7);
          expect(cell.inMonth).toBe(
            expected.getUTCFullYear() === year && expected.getUTCMonth() + 1 === month,
          );
        });

        // Exactly the month's days are in the month, in order, and no whole week is padding.
        const inMonth = days.filter((d) => d.inMonth).map((d) => d.day);
        expect(inMonth).toEqual(Array.from({ length: lengthByOracle }, (_, i) => i + 1));
        expect(daysInMonth(year, month)).toBe(lengthByOracle);
        expect(weeks[0]!.some((d) => d.inMonth)).toBe(true);
        expect(weeks[weeks.length - 1]!.some((d) => d.inMonth)).toBe(true);
      }
    });
  }

  it('spans six weeks when a long month starts late in the week', () => {
    // March 2026 starts on a Sunday; August 2026 (31 days) starts on a Saturday.
    expect(monthGrid({ year: 2026, month: 3 })).toHaveLength(6);
    expect(monthGrid({ year: 2026, month: 8 })).toHaveLength(6);
    expect(gridRange({ year: 2026, month: 3 })).toEqual({ from: '2026-02-23', to: '2026-04-05' });
    // November 2026 starts on a Sunday and has 30 days: six weeks too.
    expect(monthGrid({ year: 2026, month: 11 })).toHaveLength(6);
  });

  it('spans four weeks for a 28-day February that starts on a Monday', () => {
    expect(monthGrid({ year: 2027, month: 2 })).toHaveLength(4);
    expect(gridRange({ year: 2027, month: 2 })).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    // 2021 too; 2016's February had 29 days and so spilled into a fifth week.
    expect(monthGrid({ year: 2021, month: 2 })).toHaveLength(4);
    expect(monthGrid({ year: 2016, month: 2 })).toHaveLength(5);
  });

  it('knows leap years, including the century rules', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    const feb2028 = monthGrid({ year: 2028, month: 2 }).flat();
    expect(feb2028.filter((d) => d.inMonth).at(-1)!.date).toBe('2028-02-29');
  });

  it('crosses the year at both ends of the grid', () => {
    expect(gridRange({ year: 2027, month: 1 })).toEqual({ from: '2026-12-28', to: '2027-01-31' });
    expect(gridRange({ year: 2026, month: 12 })).toEqual({ from: '2026-11-30', to: '2027-01-03' });
  });

  it('asks for no more days than the calendar call allows', () => {
    for (let m = 0; m < 12 * 30; m++) {
      const { from, to } = gridRange(shiftMonth({ year: 2010, month: 1 }, m));
      expect(daysBetween(from, to) + 1).toBeLessThanOrEqual(42);
    }
  });
});

describe('day and month steps', () => {
  it('wraps months across years in both directions', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, -29)).toEqual({ year: 2023, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, 24)).toEqual({ year: 2028, month: 5 });
  });

  it('adds days across months, years and leap days, matching the oracle', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    for (let n = -800; n <= 800; n += 37) {
      expect(addDays('2026-03-29', n)).toBe(iso(utcDate(2026, 3, 29 + n)));
    }
  });

  it('names the weekday Monday first', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0); // a Monday
    expect(weekdayIndex('2026-11-22')).toBe(6); // a Sunday
    expect(weekdayIndex('1970-01-01')).toBe(3); // a Thursday
    expect(weekdayIndex('1969-12-29')).toBe(0);
  });

  it('labels the header with the month number and year', () => {
    expect(monthLabel({ year: 2026, month: 11 })).toBe('11 / 2026');
    expect(monthLabel({ year: 2027, month: 1 })).toBe('1 / 2027');
  });
});
