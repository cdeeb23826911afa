import type { Knex } from '@dayframe/service-kit/db';

const TABLES = [
  'reminder_revisits',
  'reminder_deliveries',
  'reminder_schedule',
  'reminder_settings',
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
 * no saved settings, so those tables are read too, each through its user-first key.
 */
export async function userIdsAfter(db: Knex, after: string, limit: number): Promise<string[]> {
  const found = new Set<string>();
  for (const table of ['reminder_settings', 'reminder_revisits', 'reminder_deliveries']) {
    const rows: { user_id: string }[] = await db(table)
      .distinct('user_id')
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(limit);
    for (const row of rows) found.add(row.user_id);
  }
  return [...found].sort().slice(0, limit);
}
