import type { Knex } from '@dayframe/service-kit/db';

type RevisitRow = {
  id: string;
  user_id: string;
  entry_id: string;
  on_date: string;
  fire_at: number | string;
  created_at: number | string;
  queued_at: number | string | null;
};

/** A revisit as stored: its account, entry, local day and the instant it fires. */
export type StoredRevisit = {
  id: string;
  userId: string;
  entryId: string;
  on: string;
  fireAt: number;
};

const revisits = (db: Knex) => db<RevisitRow>('reminder_revisits');

function toRevisit(row: RevisitRow): StoredRevisit {
  return {
    id: row.id,
    userId: row.user_id,
    entryId: row.entry_id,
    on: String(row.on_date).slice(0, 10),
    fireAt: Number(row.fire_at),
  };
}

/**
 * Sets the account's revisit of an entry: a second one replaces the first (a new id, a new day,
 * pending again even if the first was already queued).
 */
export async function saveRevisit(db: Knex, revisit: StoredRevisit, now: number): Promise<void> {
  await revisits(db)
    .insert({
      id: revisit.id,
      user_id: revisit.userId,
      entry_id: revisit.entryId,
      on_date: revisit.on,
      fire_at: revisit.fireAt,
      created_at: now,
      queued_at: null,
    })
    .onConflict(['user_id', 'entry_id'])
    .merge(['id', 'on_date', 'fire_at', 'created_at', 'queued_at']);
}

/** The account's pending revisit of an entry (not yet queued), if any. */
export async function findPendingRevisit(
  db: Knex,
  userId: string,
  entryId: string,
): Promise<StoredRevisit | null> {
  const row = await revisits(db)
    .where({ user_id: userId, entry_id: entryId })
    .whereNull('queued_at')
    .first();
  return row ? toRevisit(row) : null;
}

/** Removes the account's revisit `id`; false when it has none so (another's, or gone). */
export async function deleteRevisit(db: Knex, userId: string, id: string): Promise<boolean> {
  return (await revisits(db).where({ user_id: userId, id }).delete()) > 0;
}

/** The account's pending revisits, for moving their firing when the zone or time changes. */
export async function pendingRevisitsOf(db: Knex, userId: string): Promise<StoredRevisit[]> {
  const rows = await revisits(db).where({ user_id: userId }).whereNull('queued_at');
  return rows.map(toRevisit);
}

/** Moves a pending revisit's firing (the account's zone or daily time changed). */
export async function moveRevisit(db: Knex, id: string, fireAt: number): Promise<void> {
  await revisits(db).where({ id }).whereNull('queued_at').update({ fire_at: fireAt });
}

/** Up to `limit` pending revisits due by `now`, earliest first, through the `fire_at` index. */
export async function dueRevisits(db: Knex, now: number, limit: number): Promise<StoredRevisit[]> {
  const rows = await revisits(db)
    .where('fire_at', '<=', now)
    .whereNull('queued_at')
    .orderBy('fire_at')
    .limit(limit);
  return rows.map(toRevisit);
}

/** Marks revisits as queued, so the sweep reads them no more; answers how many it marked. */
export async function markRevisitsQueued(db: Knex, ids: string[], now: number): Promise<number> {
  if (ids.length === 0) return 0;
  return revisits(db).whereIn('id', ids).whereNull('queued_at').update({ queued_at: now });
}

/**
 * The account's revisits of one local day due by `dueBy`, queued or not (a sweep may have died
 * before marking them), in the order they were set: what one delivery sends, then removes.
 */
export async function revisitsFor(
  db: Knex,
  userId: string,
  on: string,
  dueBy: number,
): Promise<StoredRevisit[]> {
  const rows = await revisits(db)
    .where({ user_id: userId, on_date: on })
    .where('fire_at', '<=', dueBy)
    .orderBy('created_at');
  return rows.map(toRevisit);
}

/** Removes delivered revisits by id: one set again since (a new id) stays. */
export async function removeRevisits(db: Knex, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await revisits(db).whereIn('id', ids).delete();
}
