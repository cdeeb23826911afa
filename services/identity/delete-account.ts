import { ACCOUNT_DELETED } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit';
import type { IdentityContext } from './context.ts';

/**
 * Deletes accounts and records one `account.deleted` event per account in the outbox, in the
 * same transaction: the events exist exactly when the deletion committed. The relay publishes
 * them after the commit; each service holding rows per user subscribes on its own.
 */
export async function deleteAccounts(
  ctx: IdentityContext,
  pick: (trx: Knex.Transaction) => Promise<string[]>,
): Promise<number> {
  const deleted = await ctx.db.transaction(async (trx) => {
    const ids = await pick(trx);
    if (ids.length === 0) return 0;
    const count = await ctx.users.deleteMany(ids, trx);
    const now = new Date(ctx.clock.now()).toISOString();
    await ctx.outbox.add(
      trx,
      ACCOUNT_DELETED,
      ids.map((userId) => ({ userId })),
      now,
    );
    return count;
  });
  if (deleted > 0) {
    ctx.log.info({ count: deleted }, 'accounts deleted');
    ctx.relay.kick();
  }
  return deleted;
}

/** `DELETE /user/delete`: the caller's own account. */
export async function deleteOwnAccount(
  ctx: IdentityContext,
  userId: string,
): Promise<{ message: string }> {
  await deleteAccounts(ctx, async () => [userId]);
  return { message: 'Account deleted' };
}
