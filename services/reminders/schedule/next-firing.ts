import type { DailyReminder, GoalsDueReminder, WeeklyReminder } from '@dayframe/contracts';
import { addDays, isoWeekday } from './calendar-days.ts';
import { instantOf, localDateAt } from './local-time.ts';

/** When a reminder fires next: the instant (UTC) and the account's local day it is for. */
export type Firing = { at: Date; localDate: string };

/**
 * The first firing strictly after `after` of a reminder at `time` on `weekdays`, in `timeZone`;
 * null when it fires on no day. Strictly after, so that a firing advanced from the instant it
 * fired moves on to the next, and a repeated hour (fall back) fires once.
 */
export function nextFiringOn(
  schedule: { timeZone: string; time: string; weekdays: readonly number[] },
  after: Date,
): Firing | null {
  if (schedule.weekdays.length === 0) return null;
  const today = localDateAt(after, schedule.timeZone);
  // Eight days reach every weekday after today's firing has passed.
  for (let ahead = 0; ahead <= 8; ahead++) {
    const localDate = addDays(today, ahead);
    if (!schedule.weekdays.includes(isoWeekday(localDate))) continue;
    const at = instantOf(localDate, schedule.time, schedule.timeZone);
    if (at.getTime() > after.getTime()) return { at, localDate };
  }
  return null;
}

/** The daily writing reminder's next firing, or null while it is off. */
export function nextDailyFiring(
  settings: { timeZone: string; daily: DailyReminder },
  after: Date,
): Firing | null {
  if (!settings.daily.enabled) return null;
  return nextFiringOn({ timeZone: settings.timeZone, ...settings.daily }, after);
}

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The goals-due reminder's next firing, or null while it is off: every day at the daily
 * reminder's time, whether or not the daily reminder is on or that day is one of its weekdays
 * (a goal can fall due on any day).
 */
export function nextGoalsDueFiring(
  settings: { timeZone: string; daily: DailyReminder; goalsDue: GoalsDueReminder },
  after: Date,
): Firing | null {
  if (!settings.goalsDue.enabled) return null;
  return nextFiringOn(
    { timeZone: settings.timeZone, time: settings.daily.time, weekdays: EVERY_DAY },
    after,
  );
}

/** The weekly digest's next firing, or null while it is off. */
export function nextWeeklyFiring(
  settings: { timeZone: string; weekly: WeeklyReminder },
  after: Date,
): Firing | null {
  if (!settings.weekly.enabled) return null;
  const { time, weekday } = settings.weekly;
  return nextFiringOn({ timeZone: settings.timeZone, time, weekdays: [weekday] }, after);
}
