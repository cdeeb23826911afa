import { isMysql, type Knex } from '@dayframe/service-kit/db';
import { offsetAt } from './schedule/local-time.ts';

/** Zones of every offset kind: whole hours either side, half an hour, and daylight saving. */
export const SEEDED_ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Sydney',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Europe/London',
];

/** Rows a statement: SQLite's compound SELECT (knex's multi-row insert there) takes 500 at most. */
const rowsPerInsert = (db: Knex) => (isMysql(db) ? 5_000 : 400);

/**
 * Daily reminders for many accounts straight into reminders' tables, as `PUT /api/reminders`
 * would leave them, for the tests and the bench that need thousands to a million: the first
 * `due` accounts fire at `dueAt` (each at that instant's wall time in its zone), the others
 * at a later minute of the next day. Accounts are `<prefix>-<n>`, zones taken in turn.
 */
export async function seedDailyReminders(
  db: Knex,
  options: { accounts: number; due: number; dueAt: number; prefix: string },
): Promise<void> {
  const { accounts, due, dueAt, prefix } = options;
  const chunk = rowsPerInsert(db);
  for (let start = 0; start < accounts; start += chunk) {
    const settings = [];
    const schedule = [];
    for (let n = start; n < Math.min(accounts, start + chunk); n++) {
      const timeZone = SEEDED_ZONES[n % SEEDED_ZONES.length]!;
      const at = n < due ? dueAt : dueAt + 60_000 * (1 + (n % 1_439));
      const time = new Date(at + offsetAt(at, timeZone)).toISOString().slice(11, 16);
      const userId = `${prefix}-${n}`;
      settings.push({
        user_id: userId,
        time_zone: timeZone,
        settings: JSON.stringify({
          daily: { enabled: true, time, weekdays: [1, 2, 3, 4, 5, 6, 7] },
          goalsDue: { enabled: false, daysBefore: 1 },
          weekly: { enabled: false, weekday: 7, time: '18:00' },
          channels: { email: true, push: false },
        }),
        updated_at: dueAt,
      });
      schedule.push({ user_id: userId, kind: 'daily', next_fire_at: at });
    }
    await db('reminder_settings').insert(settings);
    await db('reminder_schedule').insert(schedule);
  }
}
