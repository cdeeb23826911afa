import { ACCOUNT_DELETED } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit/db';
import type { IdentityScope } from './scope.ts';
import { addOutboxEvents } from './data/outbox-repo.ts';
import { deleteUsers } from './data/users-repo.ts';

/**
 * Deletes accounts and records one `account.deleted` event per account in the outbox, in the
 * same transaction: the events exist exactly when the deletion committed. The relay publishes
 * them after the commit; each service holding rows per user subscribes on its own.
 */
export async function deleteAccounts(
  scope: IdentityScope,
  pick: (trx: Knex.Transaction) => Promise<string[]>,
): Promise<number> {
  const deleted = await scope.db.transaction(async (trx) => {
    const ids = await pick(trx);
    if (ids.length === 0) return 0;
    const count = await deleteUsers(trx, scope.sessionsChanged, ids);
    const now = new Date(scope.clock.now()).toISOString();
    await addOutboxEvents(
      trx,
      ACCOUNT_DELETED,
      ids.map((userId) => ({ userId })),
      now,
    );
    return count;
  });
  if (deleted > 0) {
    scope.log.info({ count: deleted }, 'accounts deleted');
    scope.relay.kick();
  }
  return deleted;
}

/** `DELETE /user/delete`: the caller's own account. */
export async function deleteOwnAccount(
  scope: IdentityScope,
  userId: string,
): Promise<{ message: string }> {
  await deleteAccounts(scope, async () => [userId]);
  return { message: 'Account deleted' };
}
