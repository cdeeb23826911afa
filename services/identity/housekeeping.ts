import type { IdentityScope } from './scope.ts';
import { deleteAccounts } from './delete-account.ts';
import { forgetExpiredRevocations } from './data/sessions-repo.ts';
import { unverifiedUserIdsBefore } from './data/users-repo.ts';

/** An account nobody verified within this long is removed. */
const UNVERIFIED_ACCOUNT_TTL_MS = 7 * 24 * 3_600_000;

/**
 * The periodic chores: remove accounts left unverified for a week (through the one
 * account-deletion path, so whatever they own goes too) and forget session revocations whose
 * tokens have all expired.
 */
async function houseKeeping(scope: IdentityScope): Promise<{ unverifiedRemoved: number }> {
  const now = scope.clock.now();
  const cutoff = new Date(now - UNVERIFIED_ACCOUNT_TTL_MS).toISOString();
  let unverifiedRemoved = 0;
  // In batches: each one is a transaction of its own, so a long backlog never holds locks long.
  for (;;) {
    const removed = await deleteAccounts(scope, (trx) => unverifiedUserIdsBefore(trx, cutoff));
    unverifiedRemoved += removed;
    if (removed === 0) break;
  }
  if (unverifiedRemoved > 0)
    scope.log.info({ count: unverifiedRemoved }, 'unverified accounts removed');
  await forgetExpiredRevocations(scope.db, now);
  return { unverifiedRemoved };
}

/** Runs `houseKeeping` every `everyMs` (never two at once) until `stop()`. */
export function scheduleHouseKeeping(scope: IdentityScope, everyMs: number) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = houseKeeping(scope)
      .catch((err: Error) => scope.log.warn({ err: err.message }, 'house keeping failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
