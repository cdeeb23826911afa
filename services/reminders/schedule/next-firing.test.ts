import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_SETTINGS } from '@dayframe/contracts';
import { nextDailyFiring, nextFiringOn, nextWeeklyFiring } from './next-firing.ts';

const at = (iso: string) => new Date(iso);
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

function daily(timeZone: string, time: string, weekdays = EVERY_DAY) {
  return {
    timeZone,
    daily: { enabled: true, time, weekdays },
  };
}

/** The firings one after another from `from`, as the sweep advances them. */
function firings(settings: ReturnType<typeof daily>, from: string, count: number) {
  const out: string[] = [];
  let after = at(from);
  for (let i = 0; i < count; i++) {
    const next = nextDailyFiring(settings, after)!;
    out.push(`${next.localDate} ${next.at.toISOString()}`);
    after = next.at;
  }
  return out;
}

describe('nextDailyFiring', () => {
  it('is null while off, and for a reminder on no day', () => {
    expect(nextDailyFiring(DEFAULT_REMINDER_SETTINGS, at('2026-01-01T00:00:00Z'))).toBeNull();
    expect(
      nextFiringOn({ timeZone: 'UTC', time: '20:00', weekdays: [] }, at('2026-01-01T00:00:00Z')),
    ).toBeNull();
  });

  it('fires later today, or tomorrow once today’s time has come', () => {
    const settings = daily('Europe/Berlin', '20:30');
    expect(nextDailyFiring(settings, at('2026-01-15T10:00:00Z'))).toEqual({
      at: at('2026-01-15T19:30:00Z'),
      localDate: '2026-01-15',
    });
    // Exactly at the firing: the next one, so an advanced row never fires twice.
    expect(nextDailyFiring(settings, at('2026-01-15T19:30:00Z'))?.localDate).toBe('2026-01-16');
  });

  it('keeps to the chosen weekdays', () => {
    // Monday to Friday; from a Friday evening after the time, the next is Monday.
    const settings = daily('America/New_York', '07:00', [1, 2, 3, 4, 5]);
    expect(nextDailyFiring(settings, at('2026-01-16T20:00:00Z'))).toEqual({
      at: at('2026-01-19T12:00:00Z'),
      localDate: '2026-01-19',
    });
  });

  it('fires on Sundays only, a week on when this Sunday’s has passed', () => {
    const settings = daily('Asia/Kolkata', '09:00', [7]);
    expect(nextDailyFiring(settings, at('2026-03-29T04:00:00Z'))?.localDate).toBe('2026-04-05');
  });

  it('crosses Berlin’s spring-forward day at 02:30 → 03:00, every day once', () => {
    expect(firings(daily('Europe/Berlin', '02:30'), '2026-03-27T12:00:00Z', 4)).toEqual([
      '2026-03-28 2026-03-28T01:30:00.000Z',
      '2026-03-29 2026-03-29T01:00:00.000Z',
      '2026-03-30 2026-03-30T00:30:00.000Z',
      '2026-03-31 2026-03-31T00:30:00.000Z',
    ]);
  });

  it('crosses Berlin’s fall-back day at 02:30 once, at its first showing', () => {
    expect(firings(daily('Europe/Berlin', '02:30'), '2026-10-23T12:00:00Z', 4)).toEqual([
      '2026-10-24 2026-10-24T00:30:00.000Z',
      '2026-10-25 2026-10-25T00:30:00.000Z',
      '2026-10-26 2026-10-26T01:30:00.000Z',
      '2026-10-27 2026-10-27T01:30:00.000Z',
    ]);
  });

  it('keeps 20:30 at 20:30 across both of Berlin’s changes', () => {
    expect(firings(daily('Europe/Berlin', '20:30'), '2026-03-28T12:00:00Z', 2)).toEqual([
      '2026-03-28 2026-03-28T19:30:00.000Z',
      '2026-03-29 2026-03-29T18:30:00.000Z',
    ]);
    expect(firings(daily('Europe/Berlin', '20:30'), '2026-10-24T12:00:00Z', 2)).toEqual([
      '2026-10-24 2026-10-24T18:30:00.000Z',
      '2026-10-25 2026-10-25T19:30:00.000Z',
    ]);
  });

  it('crosses New York’s changes of 2026-03-08 and 2026-11-01', () => {
    expect(firings(daily('America/New_York', '02:30'), '2026-03-07T12:00:00Z', 3)).toEqual([
      '2026-03-08 2026-03-08T07:00:00.000Z',
      '2026-03-09 2026-03-09T06:30:00.000Z',
      '2026-03-10 2026-03-10T06:30:00.000Z',
    ]);
    expect(firings(daily('America/New_York', '01:30'), '2026-10-31T12:00:00Z', 3)).toEqual([
      '2026-11-01 2026-11-01T05:30:00.000Z',
      '2026-11-02 2026-11-02T06:30:00.000Z',
      '2026-11-03 2026-11-03T06:30:00.000Z',
    ]);
  });

  it('crosses Sydney’s changes, the other way round in April and October', () => {
    expect(firings(daily('Australia/Sydney', '02:30'), '2026-04-03T12:00:00Z', 3)).toEqual([
      '2026-04-04 2026-04-03T15:30:00.000Z',
      '2026-04-05 2026-04-04T15:30:00.000Z',
      '2026-04-06 2026-04-05T16:30:00.000Z',
    ]);
    expect(firings(daily('Australia/Sydney', '02:30'), '2026-10-02T12:00:00Z', 3)).toEqual([
      '2026-10-03 2026-10-02T16:30:00.000Z',
      '2026-10-04 2026-10-03T16:00:00.000Z',
      '2026-10-05 2026-10-04T15:30:00.000Z',
    ]);
  });

  it('fires in Kolkata on the local day, which starts 5:30 before UTC’s', () => {
    expect(firings(daily('Asia/Kolkata', '00:15'), '2026-03-29T12:00:00Z', 2)).toEqual([
      '2026-03-30 2026-03-29T18:45:00.000Z',
      '2026-03-31 2026-03-30T18:45:00.000Z',
    ]);
  });
});

describe('nextWeeklyFiring', () => {
  it('is null while off', () => {
    expect(nextWeeklyFiring(DEFAULT_REMINDER_SETTINGS, at('2026-01-01T00:00:00Z'))).toBeNull();
  });

  it('fires on its weekday at its time, in the zone', () => {
    const settings = {
      timeZone: 'Europe/Berlin',
      weekly: { enabled: true, weekday: 7, time: '18:00' },
    };
    // Sunday 2026-03-29 is the spring-forward day: 18:00 CEST.
    expect(nextWeeklyFiring(settings, at('2026-03-26T00:00:00Z'))).toEqual({
      at: at('2026-03-29T16:00:00Z'),
      localDate: '2026-03-29',
    });
    expect(nextWeeklyFiring(settings, at('2026-03-29T16:00:00Z'))).toEqual({
      at: at('2026-04-05T16:00:00Z'),
      localDate: '2026-04-05',
    });
  });
});
