import type { ReminderKind } from '@dayframe/contracts';
import type { Clock, Logger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { JobBus } from '@dayframe/service-kit/jobs';
import type { RateLimiter } from '@dayframe/service-kit/limits';
import type { ReminderSources } from './account-sources.ts';
import type { VapidKeys } from './push/vapid-keys.ts';

/** What the reminders use cases share. */
export type RemindersScope = {
  db: Knex;
  clock: Clock;
  jobs: JobBus;
  sources: ReminderSources;
  /** The address people open Dayframe at: a reminder's link to New Entry starts with it. */
  appUrl: string;
  /** The key unsubscribe tokens are signed and checked with (`REMINDERS_UNSUBSCRIBE_SECRET`). */
  unsubscribeKey: Buffer;
  /** The signed one-click link that turns this kind off for this account: every reminder mail's. */
  unsubscribeUrl(userId: string, kind: ReminderKind): string;
  log: Logger;
  /**
   * Web Push: the keys every push is signed with, and whether a subscription's endpoint may be
   * on loopback (a push service of the tests' or `npm start`'s own; never in production).
   */
  push: { keys: VapidKeys; allowLocal: boolean };
  /** Counts "Send a test" per account and minute. */
  limiter: RateLimiter;
};
