import { randomUUID } from 'node:crypto';
import { insertInChunks, type Knex } from '@dayframe/service-kit/db';

// Identity's outbox: events recorded with the change that causes them, then relayed.

export type OutboxEvent = {
  id: string;
  topic: string;
  payload: Record<string, unknown>;
  /** When the change that caused it committed (ISO 8601). */
  createdAt: string;
};

/** Records events in the caller's transaction: they exist if and only if it commits. */
export async function addOutboxEvents(
  trx: Knex.Transaction,
  topic: string,
  payloads: Record<string, unknown>[],
  now: string,
): Promise<void> {
  const rows = payloads.map((payload) => {
    const id = randomUUID();
    return { id, topic, payload: JSON.stringify({ ...payload, id }), created_at: now };
  });
  await insertInChunks(trx, 'outbox', rows, 500);
}

/** Undelivered events, oldest first. */
export async function pendingOutboxEvents(db: Knex, limit: number): Promise<OutboxEvent[]> {
  const rows: { id: string; topic: string; payload: string; created_at: string }[] = await db(
    'outbox',
  )
    .select('id', 'topic', 'payload', 'created_at')
    .whereNull('delivered_at')
    .orderBy('seq')
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    topic: row.topic,
    payload: JSON.parse(row.payload),
    createdAt: row.created_at,
  }));
}

export async function markOutboxEventDelivered(db: Knex, id: string, now: string): Promise<void> {
  await db('outbox').where({ id }).update({ delivered_at: now });
}

export async function countOutboxAttempt(db: Knex, id: string): Promise<void> {
  await db('outbox').where({ id }).increment('attempts', 1);
}

/** Forgets delivered events older than `before` (an ISO instant). */
export async function pruneDeliveredOutboxEvents(db: Knex, before: string): Promise<void> {
  await db('outbox').whereNotNull('delivered_at').andWhere('delivered_at', '<', before).delete();
}
