import type { Knex } from '@dayframe/service-kit/db';

const TABLES = [
  'reminder_revisits',
  'reminder_deliveries',
  'reminder_schedule',
  'reminder_settings',
  'push_subscriptions',
] as const;

/** Removes every row of the account (account.deleted, the orphan sweep). Idempotent. */
export async function deleteRemindersOf(db: Knex, userId: string): Promise<void> {
  await db.transaction(async (trx) => {
    for (const table of TABLES) await trx(table).where({ user_id: userId }).delete();
  });
}

/**
 * The accounts holding rows, in id order after `after`, at most `limit` (the orphan sweep). Every
 * schedule row belongs to an account that saved settings; revisits (and their ledger rows) need
 * no saved settings, and a browser can subscribe to notifications before its account saves any,
 * so those tables are read too, each through its user-first key.
 */
export async function userIdsAfter(db: Knex, after: string, limit: number): Promise<string[]> {
  const page = async (table: string) => {
    const rows: { user_id: string }[] = await db(table)
      .distinct('user_id')
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(limit);
    return rows.map((row) => row.user_id);
  };
  const ids = new Set<string>();
  for (const table of [
    'reminder_settings',
    'reminder_revisits',
    'reminder_deliveries',
    'push_subscriptions',
  ])
    for (const id of await page(table)) ids.add(id);
  return [...ids].sort().slice(0, limit);
}
