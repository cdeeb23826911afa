import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_SETTINGS,
  isTimeZone,
  reminderSettings,
  reminderSettingsUpdate,
} from './reminders.ts';

function firstMessage(input: unknown): string | undefined {
  const result = reminderSettingsUpdate.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('reminder settings', () => {
  it('accepts the issue’s example and the defaults', () => {
    const example = {
      timeZone: 'Europe/Berlin',
      daily: { enabled: true, time: '20:30', weekdays: [1, 2, 3, 4, 5, 6, 7] },
      goalsDue: { enabled: true, daysBefore: 1 },
      weekly: { enabled: false, weekday: 7, time: '18:00' },
      channels: { email: true, push: true },
    };
    expect(reminderSettings.parse(example)).toEqual(example);
    expect(reminderSettings.parse(DEFAULT_REMINDER_SETTINGS)).toEqual(DEFAULT_REMINDER_SETTINGS);
  });

  it('knows zones by what Intl computes in, old and new names alike', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Asia/Calcutta')).toBe(true);
    expect(isTimeZone('Australia/Sydney')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 'timeZone must be an IANA time zone such as Europe/Berlin'],
    [{ timeZone: 7 }, 'timeZone must be an IANA time zone such as Europe/Berlin'],
    [{ daily: { enabled: true, time: '24:00', weekdays: [1] } }, 'daily.time must be HH:MM'],
    [{ daily: { enabled: true, time: '8:30', weekdays: [1] } }, 'daily.time must be HH:MM'],
    [
      { daily: { enabled: true, time: '08:30', weekdays: [] } },
      'daily.weekdays must name at least one weekday when daily is enabled',
    ],
    [
      { daily: { enabled: true, time: '08:30', weekdays: [1, 1] } },
      'daily.weekdays names each weekday at most once',
    ],
    [
      { daily: { enabled: true, time: '08:30', weekdays: [0] } },
      'daily.weekdays[] must be a weekday from 1 (Monday) to 7 (Sunday)',
    ],
    [{ daily: 'yes' }, 'daily must be an object'],
    [
      { daily: { enabled: 'yes', time: '08:30', weekdays: [1] } },
      'daily.enabled must be true or false',
    ],
    [
      { goalsDue: { enabled: true, daysBefore: 8 } },
      'goalsDue.daysBefore must be a whole number of days from 0 to 7',
    ],
    [
      { goalsDue: { enabled: true, daysBefore: 1.5 } },
      'goalsDue.daysBefore must be a whole number of days from 0 to 7',
    ],
    [
      { weekly: { enabled: true, weekday: 8, time: '18:00' } },
      'weekly.weekday must be a weekday from 1 (Monday) to 7 (Sunday)',
    ],
    [{ channels: { email: true } }, 'channels.push must be true or false'],
  ])('refuses %j naming the field', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('lets a disabled daily reminder keep no weekdays', () => {
    expect(
      firstMessage({ daily: { enabled: false, time: '20:00', weekdays: [] } }),
    ).toBeUndefined();
  });
});
