import { ACCOUNT_DELETED_QUEUES, type AccountDeletedJob } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit';
import type { IdentityContext } from './context.ts';

/**
 * Deletes accounts and tells every service that keeps rows per user to remove them. The jobs
 * are enqueued inside the transaction: if the queue refuses them, nothing is deleted (503),
 * so no account disappears while its journals and goals stay behind.
 */
export async function deleteAccounts(
  ctx: IdentityContext,
  pick: (trx: Knex.Transaction) => Promise<string[]>,
): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    const ids = await pick(trx);
    if (ids.length === 0) return 0;
    const deleted = await ctx.users.deleteMany(ids, trx);
    for (const userId of ids) {
      for (const queue of ACCOUNT_DELETED_QUEUES) {
        const job: AccountDeletedJob = { userId };
        await ctx.jobs.add(queue, job, { jobId: `account-deleted-${userId}` });
      }
    }
    ctx.log.info({ count: deleted }, 'accounts deleted');
    return deleted;
  });
}

/** `DELETE /user/delete`: the caller's own account. */
export async function deleteOwnAccount(
  ctx: IdentityContext,
  userId: string,
): Promise<{ message: string }> {
  await deleteAccounts(ctx, async () => [userId]);
  return { message: 'Account deleted' };
}
