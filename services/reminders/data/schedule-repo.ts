import type { ScheduledReminderKind } from '@dayframe/contracts';
import { isMysql, type Knex } from '@dayframe/service-kit/db';

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

/**
 * Runs one batch of the due sweep in a short transaction: what `takeDueReminders` reads stays
 * this sweep's until `moveOnFirings` has moved it and the transaction ends. On MariaDB at READ
 * COMMITTED, so the read locks the rows it returns and no gaps between them (a `PUT` inserting
 * a row never waits on a sweep); SQLite has one writer, so its transaction is the lock.
 */
export function inDueBatch<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return isMysql(db)
    ? db.transaction(work, { isolationLevel: 'read committed' })
    : db.transaction(work);
}

/**
 * Up to `limit` reminders due by `now`, earliest first, read through the `next_fire_at` index.
 * On MariaDB the rows are locked and rows another replica's batch holds are skipped
 * (`FOR UPDATE SKIP LOCKED`): replicas sweeping at once take different rows instead of all
 * chewing the same ones.
 */
export async function takeDueReminders(
  trx: Knex.Transaction,
  now: number,
  limit: number,
): Promise<DueReminder[]> {
  const query = scheduleTable(trx)
    .where('next_fire_at', '<=', now)
    .orderBy('next_fire_at')
    .limit(limit)
    .select('user_id', 'kind', 'next_fire_at');
  const rows = isMysql(trx) ? await query.forUpdate().skipLocked() : await query;
  return rows.map((row) => ({
    userId: row.user_id,
    kind: row.kind,
    dueAt: Number(row.next_fire_at),
  }));
}

/** A due reminder and where it moves: its next firing, or null to remove it (turned off). */
export type FiringMove = { due: DueReminder; next: number | null };

/**
 * Moves a batch of due reminders on in at most two statements: one `UPDATE … CASE` for those
 * with a next firing, one `DELETE` for the others. Each row only if it is still due at its
 * `dueAt` (compare-and-set): a row a `PUT` rescheduled meanwhile keeps the `PUT`'s firing.
 * Answers how many rows moved.
 */
export async function moveOnFirings(db: Knex, moves: readonly FiringMove[]): Promise<number> {
  const stillDue = (list: readonly FiringMove[]) => (query: Knex.QueryBuilder) => {
    for (const { due } of list)
      query.orWhere({ user_id: due.userId, kind: due.kind, next_fire_at: due.dueAt });
  };
  const onward = moves.filter((move) => move.next !== null);
  const removed = moves.filter((move) => move.next === null);
  let moved = 0;
  if (onward.length > 0) {
    const cases = onward.map(() => 'WHEN user_id = ? AND kind = ? THEN ?').join(' ');
    const bindings = onward.flatMap(({ due, next }) => [due.userId, due.kind, next!]);
    moved += await scheduleTable(db)
      .where(stillDue(onward))
      .update({ next_fire_at: db.raw(`CASE ${cases} ELSE next_fire_at END`, bindings) });
  }
  if (removed.length > 0) moved += await scheduleTable(db).where(stillDue(removed)).delete();
  return moved;
}

/** The account's scheduled kinds, for its settings' answer and the tests. */
export async function scheduleOf(
  db: Knex,
  userId: string,
): Promise<{ kind: ScheduledReminderKind; nextFireAt: number }[]> {
  const rows = await scheduleTable(db).where({ user_id: userId }).orderBy('kind');
  return rows.map((row) => ({ kind: row.kind, nextFireAt: Number(row.next_fire_at) }));
}
