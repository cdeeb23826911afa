import type { Knex } from 'knex';

/** How many times a transaction that lost a deadlock is run again before the error stands. */
const DEADLOCK_RETRIES = 3;

/**
 * Runs `work` in a transaction, again (on a fresh snapshot) when MySQL chose it as a deadlock's
 * victim. Two inserts through the same unique keys at once can deadlock on InnoDB's gap locks;
 * rolled back and run again, the transaction then finds what the other one committed.
 */
export async function transactionRetryingDeadlocks<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      if (code !== 'ER_LOCK_DEADLOCK' || attempt > DEADLOCK_RETRIES) throw error;
    }
  }
}
