import type { Clock, Logger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { EventBus } from '@dayframe/service-kit/events';
import type { TokenIssuer } from '@dayframe/service-kit/tokens';
import {
  countOutboxAttempt,
  markOutboxEventDelivered,
  pendingOutboxEvents,
  pruneDeliveredOutboxEvents,
  type OutboxEvent,
} from './data/outbox-repo.ts';

export type OutboxRelay = {
  /** Starts relaying: at once (rows a crashed process left behind), then every `everyMs`. */
  start(): void;
  /** Relays soon, without waiting for the next tick: called after a commit that added rows. */
  kick(): void;
  /** One pass now; resolves when it is over. */
  relay(): Promise<void>;
  stop(): Promise<void>;
};

const BATCH = 100;
const KEEP_DELIVERED_MS = 7 * 24 * 3_600_000;

/**
 * Publishes outbox rows after their transaction committed and marks each delivered once the
 * bus accepted it. A row whose publish fails stays undelivered and is tried again on the next
 * pass, for as long as it takes; a process killed between commit and publish leaves its rows
 * for the next start. A row can thus be published twice (killed after publish, before the mark;
 * or two identity processes on one database): subscribers are idempotent.
 *
 * Each event goes out signed with identity's token key, over its topic, fields and the time its
 * row was written (`at`), so a subscriber can tell it from one forged by anyone else who can
 * reach the bus.
 */
export function outboxRelay(options: {
  db: Knex;
  events: EventBus;
  signer: Pick<TokenIssuer, 'signEvent'>;
  log: Logger;
  clock: Clock;
  everyMs?: number;
}): OutboxRelay {
  const { db, events, signer, log, clock } = options;
  const everyMs = options.everyMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  let again = false;
  let started = false;
  let lastPrune = 0;
  const iso = () => new Date(clock.now()).toISOString();

  async function pass(): Promise<void> {
    for (;;) {
      const rows = await pendingOutboxEvents(db, BATCH);
      for (const row of rows) {
        try {
          await events.publish(row.topic, signed(row));
        } catch (err) {
          await countOutboxAttempt(db, row.id).catch(() => undefined);
          log.warn(
            { err: (err as Error).message, eventId: row.id, topic: row.topic },
            'outbox event not delivered yet, will retry',
          );
          return; // in order: the rest waits for the next pass
        }
        await markOutboxEventDelivered(db, row.id, iso());
      }
      if (rows.length < BATCH) break;
    }
    if (clock.now() - lastPrune > 3_600_000) {
      lastPrune = clock.now();
      await pruneDeliveredOutboxEvents(db, new Date(clock.now() - KEEP_DELIVERED_MS).toISOString());
    }
  }

  function signed(row: OutboxEvent) {
    const fields = { ...row.payload, at: row.createdAt };
    return { ...fields, signature: signer.signEvent(row.topic, fields) };
  }

  function relay(): Promise<void> {
    if (current) {
      again = true; // rows committed during a pass are picked up right after it
      return current;
    }
    current = pass()
      .catch((err) => log.warn({ err: (err as Error).message }, 'outbox relay pass failed'))
      .finally(() => {
        current = null;
        if (again && started) {
          again = false;
          void relay();
        }
      });
    return current;
  }

  return {
    start() {
      if (started) return;
      started = true;
      void relay();
      timer = setInterval(() => void relay(), everyMs);
      timer.unref();
    },
    kick() {
      if (started) void relay();
    },
    relay,
    async stop() {
      started = false;
      clearInterval(timer);
      await current;
    },
  };
}
