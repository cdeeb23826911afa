import type { IdentityContext } from './context.ts';
import { deleteAccounts } from './delete-account.ts';

/** An account nobody verified within this long is removed. */
export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * 24 * 3_600_000;

/**
 * The periodic chores: remove accounts left unverified for a week (through the one
 * account-deletion path, so whatever they own goes too) and forget session revocations whose
 * tokens have all expired.
 */
export async function houseKeeping(ctx: IdentityContext): Promise<{ unverifiedRemoved: number }> {
  const now = ctx.clock.now();
  const cutoff = new Date(now - UNVERIFIED_ACCOUNT_TTL_MS).toISOString();
  let unverifiedRemoved = 0;
  // In batches: each one is a transaction of its own, so a long backlog never holds locks long.
  for (;;) {
    const removed = await deleteAccounts(ctx, (trx) => ctx.users.unverifiedBefore(cutoff, trx));
    unverifiedRemoved += removed;
    if (removed === 0) break;
  }
  if (unverifiedRemoved > 0)
    ctx.log.info({ count: unverifiedRemoved }, 'unverified accounts removed');
  await ctx.sessions.forgetExpired(now);
  return { unverifiedRemoved };
}

/** Runs `houseKeeping` every `everyMs` (never two at once) until `stop()`. */
export function scheduleHouseKeeping(ctx: IdentityContext, everyMs: number) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = houseKeeping(ctx)
      .catch((err: Error) => ctx.log.warn({ err: err.message }, 'house keeping failed'))
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
