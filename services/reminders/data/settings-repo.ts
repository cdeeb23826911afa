import {
  DEFAULT_REMINDER_SETTINGS,
  reminderSettings,
  type ReminderSettings,
} from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit/db';

type SettingsRow = { user_id: string; time_zone: string; settings: string; updated_at: number };

const settingsTable = (db: Knex) => db<SettingsRow>('reminder_settings');

const SECTIONS = ['daily', 'goalsDue', 'weekly', 'channels'] as const;

/**
 * Read as a tolerant reader: a stored section that no longer parses (a newer release's shape)
 * falls back to its default rather than failing the person's settings. The whole is checked
 * first, once: the due sweep reads a thousand rows a batch, and nearly all parse whole.
 */
function toSettings(row: SettingsRow): ReminderSettings {
  const stored = JSON.parse(row.settings) as Record<string, unknown>;
  const base = { ...DEFAULT_REMINDER_SETTINGS, timeZone: row.time_zone };
  const whole = { ...base };
  for (const key of SECTIONS) if (key in stored) Object.assign(whole, { [key]: stored[key] });
  if (reminderSettings.safeParse(whole).success) return whole;
  const merged = base;
  for (const key of SECTIONS) {
    const candidate = { ...merged, [key]: stored[key] };
    if (reminderSettings.safeParse(candidate).success)
      Object.assign(merged, { [key]: stored[key] });
  }
  return merged;
}

/** The account's settings, or the defaults when it never saved any. */
export async function findSettings(db: Knex, userId: string): Promise<ReminderSettings> {
  return (await findSavedSettings(db, userId)) ?? DEFAULT_REMINDER_SETTINGS;
}

/** The account's settings, or null when it never saved any. */
export async function findSavedSettings(
  db: Knex,
  userId: string,
): Promise<ReminderSettings | null> {
  const row = await settingsTable(db).where({ user_id: userId }).first();
  return row ? toSettings(row) : null;
}

/** The settings of several accounts at once (the due sweep's batch), by user id. */
export async function findSettingsOf(
  db: Knex,
  userIds: string[],
): Promise<Map<string, ReminderSettings>> {
  const found = new Map<string, ReminderSettings>();
  if (userIds.length === 0) return found;
  for (const row of await settingsTable(db).whereIn('user_id', userIds))
    found.set(row.user_id, toSettings(row));
  return found;
}

export async function saveSettings(
  db: Knex,
  userId: string,
  settings: ReminderSettings,
  now: number,
): Promise<void> {
  const { timeZone, ...kinds } = settings;
  await settingsTable(db)
    .insert({
      user_id: userId,
      time_zone: timeZone,
      settings: JSON.stringify(kinds),
      updated_at: now,
    })
    .onConflict('user_id')
    .merge(['time_zone', 'settings', 'updated_at']);
}
