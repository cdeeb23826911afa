import type { ScheduledReminderKind } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit/db';

type ScheduleRow = { user_id: string; kind: ScheduledReminderKind; next_fire_at: number | string };

/** A reminder whose firing has come: its account, kind and the instant it was due. */
export type DueReminder = { userId: string; kind: ScheduledReminderKind; dueAt: number };

const scheduleTable = (db: Knex) => db<ScheduleRow>('reminder_schedule');

/** Sets (or, with null, removes) the next firing of an account's kind. */
export async function setNextFiring(
  db: Knex,
  userId: string,
  kind: ScheduledReminderKind,
  at: number | null,
): Promise<void> {
  if (at === null) {
    await scheduleTable(db).where({ user_id: userId, kind }).delete();
    return;
  }
  await scheduleTable(db)
    .insert({ user_id: userId, kind, next_fire_at: at })
    .onConflict(['user_id', 'kind'])
    .merge(['next_fire_at']);
}

/** Up to `limit` reminders due by `now`, earliest first, read through the `next_fire_at` index. */
export async function dueReminders(db: Knex, now: number, limit: number): Promise<DueReminder[]> {
  const rows = await scheduleTable(db)
    .where('next_fire_at', '<=', now)
    .orderBy('next_fire_at')
    .limit(limit)
    .select('user_id', 'kind', 'next_fire_at');
  return rows.map((row) => ({
    userId: row.user_id,
    kind: row.kind,
    dueAt: Number(row.next_fire_at),
  }));
}

/**
 * Moves a due reminder on to `next` (or removes it), only if it is still due at `dueAt`: another
 * sweep (a replica) that advanced it first wins, and this one changes nothing.
 */
export async function advanceFiring(
  db: Knex,
  due: DueReminder,
  next: number | null,
): Promise<boolean> {
  const row = scheduleTable(db).where({
    user_id: due.userId,
    kind: due.kind,
    next_fire_at: due.dueAt,
  });
  const changed = next === null ? await row.delete() : await row.update({ next_fire_at: next });
  return changed > 0;
}

/** The account's scheduled kinds, for its settings' answer and the tests. */
export async function scheduleOf(
  db: Knex,
  userId: string,
): Promise<{ kind: ScheduledReminderKind; nextFireAt: number }[]> {
  const rows = await scheduleTable(db).where({ user_id: userId }).orderBy('kind');
  return rows.map((row) => ({ kind: row.kind, nextFireAt: Number(row.next_fire_at) }));
}
