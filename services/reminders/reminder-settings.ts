import {
  DEFAULT_REMINDER_SETTINGS,
  type ScheduledReminderKind,
  type ReminderSettings,
  type ReminderSettingsAnswer,
  type ReminderSettingsUpdate,
} from '@dayframe/contracts';
import { findSavedSettings, findSettings, saveSettings } from './data/settings-repo.ts';
import { setNextFiring } from './data/schedule-repo.ts';
import {
  nextDailyFiring,
  nextGoalsDueFiring,
  nextWeeklyFiring,
  type Firing,
} from './schedule/next-firing.ts';
import { moveRevisitsOf } from './revisits.ts';
import type { RemindersScope } from './scope.ts';

/**
 * The kinds with a row of their own in the schedule, each fired at its own instants. Revisits
 * fire from their own rows (`revisit-sweep.ts`).
 */
export type ScheduledKind = ScheduledReminderKind;
export const SCHEDULED_KINDS: readonly ScheduledKind[] = ['daily', 'goalsDue', 'weekly'];

const NEXT_FIRING: Record<
  ScheduledKind,
  (settings: ReminderSettings, after: Date) => Firing | null
> = {
  daily: nextDailyFiring,
  goalsDue: nextGoalsDueFiring,
  weekly: nextWeeklyFiring,
};

/** The next firing of one kind for these settings, strictly after `after`; null while off. */
export function nextFiringOf(
  settings: ReminderSettings,
  kind: ScheduledKind,
  after: Date,
): Firing | null {
  return NEXT_FIRING[kind](settings, after);
}

/** `GET /api/reminders`: the account's settings, the defaults (not saved) until it saves any. */
export async function readReminderSettings(
  scope: RemindersScope,
  userId: string,
): Promise<ReminderSettingsAnswer> {
  const saved = await findSavedSettings(scope.db, userId);
  return saved ? { ...saved, saved: true } : { ...DEFAULT_REMINDER_SETTINGS, saved: false };
}

/**
 * `PUT /api/reminders`: the sections given replace the stored ones, then every kind's next
 * firing is computed afresh from now, in the (maybe new) zone. A kind turned off loses its row.
 * A new zone or daily time moves every pending revisit to that time on its day.
 */
export async function updateReminderSettings(
  scope: RemindersScope,
  userId: string,
  update: ReminderSettingsUpdate,
): Promise<ReminderSettingsAnswer> {
  const current = await findSettings(scope.db, userId);
  const settings: ReminderSettings = { ...current, ...stripUndefined(update) };
  const now = scope.clock.now();
  await scope.db.transaction(async (trx) => {
    await saveSettings(trx, userId, settings, now);
    for (const kind of SCHEDULED_KINDS) {
      const next = nextFiringOf(settings, kind, new Date(now));
      await setNextFiring(trx, userId, kind, next ? next.at.getTime() : null);
    }
    if (settings.timeZone !== current.timeZone || settings.daily.time !== current.daily.time)
      await moveRevisitsOf(trx, userId, settings);
  });
  return { ...settings, saved: true };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
