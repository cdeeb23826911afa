import { z } from 'zod';
import { ACCOUNT_DELETED, accountDeletedEvent } from '@dayframe/contracts';
import type { EventBus } from './events.ts';
import type { Logger } from '../http/logger.ts';
import type { Tokens } from '../tokens/tokens.ts';
import type { UserDirectory } from './user-directory.ts';
import { scheduleSweep, type SweepSchedule } from './scheduled-sweep.ts';

/** What a service that keeps rows per user offers, so its data follows the accounts. */
export type AccountDataOwner = {
  /** Removes every row of the user. Idempotent: a redelivered event is harmless. */
  deleteAccountData(userId: string): Promise<void>;
  /** The distinct user ids holding rows, in id order after `after`, at most `limit`. */
  userIdsAfter(after: string, limit: number): Promise<string[]>;
};

/** The sweep's schedule: hourly by default, the first run a minute after start. */
export const sweepConfig = {
  ORPHAN_SWEEP_EVERY_MS: z.coerce.number().int().min(1_000).default(3_600_000),
  ORPHAN_SWEEP_FIRST_MS: z.coerce.number().int().min(0).default(60_000),
};
export type SweepSettings = SweepSchedule & { batch?: number };

const SWEEP_BATCH = 200;

export type AccountDataKeeper = {
  /** One sweep now; how many user ids were checked and how many users' rows removed. */
  sweep(): Promise<{ checked: number; removed: number }>;
  stop(): Promise<void>;
};

/**
 * Keeps a service's per-user rows in step with the accounts: subscribes it, under its own name,
 * to identity's `account.deleted`, and sweeps now and then for rows whose user no longer
 * exists (an event lost, or published before this service first subscribed). The sweep goes in
 * batches and stops at the first batch identity cannot answer for, deleting nothing on a guess.
 *
 * An event acts only when identity signed it (`tokens`, the verifier of identity's tokens, holds
 * its public key): one unsigned, signed with another key or altered after signing is dropped
 * (acknowledged, since no retry could make it valid), logged by its id, and deletes nothing.
 */
export function keepAccountDataInStep(options: {
  name: string;
  owner: AccountDataOwner;
  events: EventBus;
  tokens: Pick<Tokens, 'verifyEvent'>;
  users: UserDirectory;
  log: Logger;
  sweep: SweepSettings;
}): AccountDataKeeper {
  const { name, owner, log } = options;
  const batch = options.sweep.batch ?? SWEEP_BATCH;
  options.events.subscribe(ACCOUNT_DELETED, name, async (raw) => {
    const signed = accountDeletedEvent.safeParse(options.tokens.verifyEvent(ACCOUNT_DELETED, raw));
    if (!signed.success) {
      log.warn(
        { topic: ACCOUNT_DELETED, subscriber: name, eventId: idOf(raw) },
        'event without a valid signature from identity dropped',
      );
      return;
    }
    const event = signed.data;
    await owner.deleteAccountData(event.userId);
    log.info({ userId: event.userId, eventId: event.id }, 'account data removed');
  });

  async function sweep(stopped: () => boolean) {
    let after = '';
    let checked = 0;
    let removed = 0;
    for (;;) {
      const ids = await owner.userIdsAfter(after, batch);
      if (ids.length === 0) break;
      const existing = await options.users.existing(ids);
      for (const id of ids) {
        if (existing.has(id)) continue;
        await owner.deleteAccountData(id);
        removed++;
      }
      checked += ids.length;
      after = ids[ids.length - 1]!;
      if (ids.length < batch || stopped()) break;
    }
    if (removed) log.info({ checked, removed }, 'orphan sweep removed rows of deleted accounts');
    return { checked, removed };
  }

  return scheduleSweep({ what: 'orphan sweep', schedule: options.sweep, log, run: sweep });
}

/** The id an event claims, for the log alone (never trusted, never more than an id's length). */
function idOf(raw: unknown): string | undefined {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id.slice(0, 64) : undefined;
}
