import { describe, expect, it } from 'vitest';
import { instantOf, localDateAt } from './local-time.ts';
import { addDays, isoWeekday } from './calendar-days.ts';

const at = (iso: string) => new Date(iso);

describe('instantOf', () => {
  it.each([
    // An ordinary day, winter and summer.
    ['Europe/Berlin', '2026-01-15', '20:30', '2026-01-15T19:30:00.000Z'],
    ['Europe/Berlin', '2026-07-15', '20:30', '2026-07-15T18:30:00.000Z'],
    ['America/New_York', '2026-01-15', '08:00', '2026-01-15T13:00:00.000Z'],
    ['America/New_York', '2026-07-15', '08:00', '2026-07-15T12:00:00.000Z'],
    // Southern hemisphere: summer time in January.
    ['Australia/Sydney', '2026-01-15', '20:30', '2026-01-15T09:30:00.000Z'],
    ['Australia/Sydney', '2026-07-15', '20:30', '2026-07-15T10:30:00.000Z'],
    // A half-hour offset, no daylight saving, and a local day that begins the UTC day before.
    ['Asia/Kolkata', '2026-03-29', '20:30', '2026-03-29T15:00:00.000Z'],
    ['Asia/Kolkata', '2026-03-30', '00:15', '2026-03-29T18:45:00.000Z'],
    ['UTC', '2026-03-29', '00:00', '2026-03-29T00:00:00.000Z'],
  ])('%s %s %s is %s', (zone, date, time, expected) => {
    expect(instantOf(date, time, zone).toISOString()).toBe(expected);
  });

  describe('a time the clocks skip fires when the gap ends', () => {
    it.each([
      ['Europe/Berlin', '2026-03-29', '02:30', '2026-03-29T01:00:00.000Z'],
      ['Europe/Berlin', '2026-03-29', '02:00', '2026-03-29T01:00:00.000Z'],
      ['Europe/Berlin', '2026-03-29', '02:59', '2026-03-29T01:00:00.000Z'],
      ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:00:00.000Z'],
      ['Australia/Sydney', '2026-10-04', '02:30', '2026-10-03T16:00:00.000Z'],
    ])('%s %s %s is %s (03:00 local)', (zone, date, time, expected) => {
      const instant = instantOf(date, time, zone);
      expect(instant.toISOString()).toBe(expected);
      expect(localDateAt(instant, zone)).toBe(date);
    });

    it('leaves the times either side of the gap alone', () => {
      expect(instantOf('2026-03-29', '01:59', 'Europe/Berlin').toISOString()).toBe(
        '2026-03-29T00:59:00.000Z',
      );
      expect(instantOf('2026-03-29', '03:00', 'Europe/Berlin').toISOString()).toBe(
        '2026-03-29T01:00:00.000Z',
      );
      expect(instantOf('2026-03-29', '03:30', 'Europe/Berlin').toISOString()).toBe(
        '2026-03-29T01:30:00.000Z',
      );
    });
  });

  describe('a time the clocks show twice is its first showing', () => {
    it.each([
      ['Europe/Berlin', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
      ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
      ['Australia/Sydney', '2026-04-05', '02:30', '2026-04-04T15:30:00.000Z'],
    ])('%s %s %s is %s', (zone, date, time, expected) => {
      expect(instantOf(date, time, zone).toISOString()).toBe(expected);
    });

    it('leaves the hour after the overlap on the later offset', () => {
      expect(instantOf('2026-10-25', '03:00', 'Europe/Berlin').toISOString()).toBe(
        '2026-10-25T02:00:00.000Z',
      );
      expect(instantOf('2026-11-01', '02:00', 'America/New_York').toISOString()).toBe(
        '2026-11-01T07:00:00.000Z',
      );
    });
  });
});

describe('localDateAt', () => {
  it.each([
    ['2026-03-29T22:30:00Z', 'Europe/Berlin', '2026-03-30'],
    ['2026-03-29T21:59:59Z', 'Europe/Berlin', '2026-03-29'],
    ['2026-01-15T04:59:00Z', 'America/New_York', '2026-01-14'],
    ['2026-01-15T13:00:00Z', 'Australia/Sydney', '2026-01-16'],
    ['2026-03-29T18:29:59Z', 'Asia/Kolkata', '2026-03-29'],
    ['2026-03-29T18:30:00Z', 'Asia/Kolkata', '2026-03-30'],
    ['2026-10-25T00:30:00Z', 'Europe/Berlin', '2026-10-25'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(localDateAt(at(instant), zone)).toBe(expected);
  });
});

describe('calendar days', () => {
  it('counts across months, leap days and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('names ISO weekdays', () => {
    expect(isoWeekday('2026-03-29')).toBe(7); // a Sunday
    expect(isoWeekday('2026-03-30')).toBe(1);
    expect(isoWeekday('1970-01-01')).toBe(4);
    expect(isoWeekday('1969-12-29')).toBe(1);
  });
});
