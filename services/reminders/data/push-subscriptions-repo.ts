import { randomUUID } from 'node:crypto';
import { contentHash, isDuplicateKey, type Knex } from '@dayframe/service-kit/db';
import type { PushTarget } from '../push/send-push.ts';

type SubscriptionRow = {
  id: string;
  user_id: string;
  endpoint: string;
  endpoint_hash: string;
  p256dh: string;
  auth: string;
  created_at: number | string;
  last_used_at: number | string | null;
};

/** A browser an account turned notifications on in: where to push, and the keys to seal to. */
export type PushSubscription = PushTarget & {
  id: string;
  createdAt: number;
  lastUsedAt: number | null;
};

/** A person with more browsers than this loses the one that subscribed longest ago. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

const subscriptions = (db: Knex) => db<SubscriptionRow>('push_subscriptions');

/**
 * Keeps a browser's subscription: a new endpoint is a new row (and the account's oldest goes
 * past `MAX_PUSH_SUBSCRIPTIONS`); an endpoint the account has already keeps its id and takes
 * the keys given (a browser that subscribed again). `created` says which.
 */
export async function savePushSubscription(
  db: Knex,
  userId: string,
  target: PushTarget,
  now: number,
): Promise<{ id: string; created: boolean }> {
  const key = { user_id: userId, endpoint_hash: contentHash(target.endpoint) };
  const keys = { p256dh: target.keys.p256dh, auth: target.keys.auth };
  const existing = await subscriptions(db).where(key).first('id');
  if (existing) {
    await subscriptions(db).where({ id: existing.id }).update(keys);
    return { id: existing.id, created: false };
  }
  const id = randomUUID();
  try {
    await subscriptions(db).insert({
      id,
      ...key,
      endpoint: target.endpoint,
      ...keys,
      created_at: now,
      last_used_at: null,
    });
  } catch (error) {
    // The same browser posting twice at once: the other request's row is this one.
    if (!isDuplicateKey(error)) throw error;
    return savePushSubscription(db, userId, target, now);
  }
  await dropOldest(db, userId);
  return { id, created: true };
}

/** Everything past the newest `MAX_PUSH_SUBSCRIPTIONS` of the account, oldest first, goes. */
async function dropOldest(db: Knex, userId: string): Promise<void> {
  const surplus = await subscriptions(db)
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(MAX_PUSH_SUBSCRIPTIONS)
    // SQLite wants a LIMIT with an OFFSET; no account comes near this many.
    .limit(1000)
    .select('id');
  if (surplus.length > 0)
    await subscriptions(db)
      .whereIn(
        'id',
        surplus.map((row) => row.id),
      )
      .delete();
}

/** The account's subscriptions, oldest first. */
export async function pushSubscriptionsOf(db: Knex, userId: string): Promise<PushSubscription[]> {
  const rows = await subscriptions(db)
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  return rows.map((row) => ({
    id: row.id,
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  }));
}

/** Removes one of the account's subscriptions; false when it has none by that id. */
export async function deletePushSubscription(
  db: Knex,
  userId: string,
  id: string,
): Promise<boolean> {
  return (await subscriptions(db).where({ id, user_id: userId }).delete()) > 0;
}

/** Notes what the push service said of one subscription: took a push, or no longer knows it. */
export async function recordPushAnswer(
  db: Knex,
  id: string,
  answer: 'sent' | 'gone',
  now: number,
): Promise<void> {
  if (answer === 'gone') await subscriptions(db).where({ id }).delete();
  else await subscriptions(db).where({ id }).update({ last_used_at: now });
}
