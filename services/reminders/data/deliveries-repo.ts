import type { ReminderKind } from '@dayframe/contracts';
import { isDuplicateKey, type Knex } from '@dayframe/service-kit/db';

type DeliveryRow = {
  user_id: string;
  kind: ReminderKind;
  local_date: string;
  claimed_at: number | string;
  sent_at: number | string | null;
  outcome: string | null;
};

/** One reminder's delivery: an account's kind on one local day. */
export type DeliveryKey = { userId: string; kind: ReminderKind; localDate: string };

/**
 * What was done about a delivery once it was worked. Sent on at least one channel: `sent` (mail
 * queued and pushed to at least one browser), `mailed` (mail only), `pushed` (browsers only).
 * Nothing sent: `written` (the day had an entry) and `nothing-due` (no goal or
 * revisit due that day), and otherwise why not, e-mail's reason first
 * when e-mail is on: `no-address`, then `push-failed` (browsers tried, none took it),
 * `no-device` (push on, no browser subscribed), `email-off` (no channel on).
 */
export type DeliveryOutcome =
  | 'sent'
  | 'mailed'
  | 'pushed'
  | 'written'
  | 'nothing-due'
  | 'no-address'
  | 'push-failed'
  | 'no-device'
  | 'email-off';

const deliveries = (db: Knex) => db<DeliveryRow>('reminder_deliveries');
const keyOf = (key: DeliveryKey) => ({
  user_id: key.userId,
  kind: key.kind,
  local_date: key.localDate,
});

/**
 * Claims a delivery for this worker: `claimed` when the ledger had no row for it (or only a
 * claim older than `staleBefore`, left by a worker that died before finishing, taken over),
 * `done` when it was worked already, `busy` when another worker's claim is fresh.
 */
export async function claimDelivery(
  db: Knex,
  key: DeliveryKey,
  now: number,
  staleBefore: number,
): Promise<'claimed' | 'done' | 'busy'> {
  try {
    await deliveries(db).insert({ ...keyOf(key), claimed_at: now, sent_at: null, outcome: null });
    return 'claimed';
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const row = await deliveries(db).where(keyOf(key)).first();
  if (!row) return 'busy'; // removed in between (the account deleted): nothing to send
  if (row.sent_at !== null) return 'done';
  // A stale claim goes to the one worker whose update still finds it as it was.
  const taken = await deliveries(db)
    .where(keyOf(key))
    .whereNull('sent_at')
    .where('claimed_at', '<', staleBefore)
    .where('claimed_at', Number(row.claimed_at))
    .update({ claimed_at: now });
  return taken > 0 ? 'claimed' : 'busy';
}

/** Marks a claimed delivery as worked: from now on it is never worked again. */
export async function completeDelivery(
  db: Knex,
  key: DeliveryKey,
  outcome: DeliveryOutcome,
  now: number,
): Promise<void> {
  await deliveries(db).where(keyOf(key)).update({ sent_at: now, outcome });
}

/** Lets go of a claim whose work failed, so the job's retry can claim it at once. */
export async function releaseDelivery(db: Knex, key: DeliveryKey): Promise<void> {
  await deliveries(db).where(keyOf(key)).whereNull('sent_at').delete();
}

/** The ledger row of a delivery, for the tests and the operator. */
export async function findDelivery(
  db: Knex,
  key: DeliveryKey,
): Promise<{ sentAt: number | null; outcome: string | null } | null> {
  const row = await deliveries(db).where(keyOf(key)).first();
  if (!row) return null;
  return { sentAt: row.sent_at === null ? null : Number(row.sent_at), outcome: row.outcome };
}
