import type Koa from 'koa';
import { REMINDER_UNSUBSCRIBE_PATH, type ReminderDueJob } from '@dayframe/contracts';
import { createServiceApp, systemClock, type Clock, type Logger } from '@dayframe/service-kit/http';
import { migrate, pingDatabase, type Knex } from '@dayframe/service-kit/db';
import type { AccountDataOwner, ScheduledSweep, SweepSchedule } from '@dayframe/service-kit/events';
import type { JobBus } from '@dayframe/service-kit/jobs';
import { memoryRateLimiter, type RateLimiter } from '@dayframe/service-kit/limits';
import type { RouteAuth, ServiceKey, SessionCheck, Tokens } from '@dayframe/service-kit/tokens';
import { migrations } from './data/migrations.ts';
import { deleteRemindersOf, userIdsAfter } from './data/account-rows.ts';
import { reminderRoutes } from './http/reminder-routes.ts';
import { unsubscribeRoutes } from './http/unsubscribe-routes.ts';
import { unsubscribeUrl } from './unsubscribe.ts';
import { revisitRoutes } from './http/revisit-routes.ts';
import { sweepDueRevisits } from './revisit-sweep.ts';
import { pushRoutes } from './http/push-routes.ts';
import {
  DUE_SWEEP_SCHEDULE,
  keepDueRemindersSwept,
  sweepDueReminders,
  type DueSweepOutcome,
} from './due-sweep.ts';
import { deliverReminder, workDueReminders } from './deliver-reminder.ts';
import type { DeliveryOutcome } from './data/deliveries-repo.ts';
import type { ReminderSources } from './account-sources.ts';
import type { RemindersScope } from './scope.ts';
import type { VapidKeys } from './push/vapid-keys.ts';

export type RemindersDeps = {
  db: Knex;
  tokens: Tokens;
  checkSession: SessionCheck;
  /** The deployment's service-token key: checks the tokens on its `/internal/*` calls. */
  serviceKey: ServiceKey;
  log: Logger;
  /** The bus due reminders are queued on and worked from, and their mail queued on. */
  jobs: JobBus;
  /** Identity's and journals' answers (in-process, or `remoteReminderSources`). */
  sources: ReminderSources;
  /** Where people open Dayframe (`APP_URL`), for the link to New Entry and to unsubscribe. */
  appUrl: string;
  /** What unsubscribe links are signed with (`unsubscribeSecret(config)`), no other key. */
  unsubscribeKey: Buffer;
  /** What "now" is to the schedule and the ledger; tests move it. */
  clock?: Clock;
  /** How often the due sweep runs; every 20 s unless a test says otherwise. */
  dueSweep?: SweepSchedule;
  /** Web Push's keys and whether loopback push services are allowed (`remindersPush(config)`). */
  push: { keys: VapidKeys; allowLocal: boolean };
  /**
   * Counts "Send a test" a minute: Redis when distributed (`remindersRateLimiter`), so every
   * replica counts together; one in memory of its own otherwise.
   */
  limiter?: RateLimiter;
};

/** Also an `AccountDataOwner`: an account's settings, schedule and ledger follow it. */
export type Reminders = AccountDataOwner & {
  app: Koa;
  /** Migrates, then works the reminders queue. */
  migrate(): Promise<void>;
  /** One sweep of the due reminders, now; `batch` rows a query (1,000 unless a test says). */
  sweepDue(options?: { batch?: number }): Promise<DueSweepOutcome>;
  /** One sweep of the due revisits, now (the 20 s tick runs it after the due reminders). */
  sweepRevisits(): Promise<{ queued: number }>;
  /** Works one due reminder now, as the queue's worker does. */
  deliver(job: ReminderDueJob): Promise<DeliveryOutcome | 'duplicate'>;
  /** Starts the due sweep (every 20 s), once migrated; `close` stops it. */
  ready(): void;
  close(): Promise<void>;
};

/** The reminders service, the same in the gateway's process or its own. */
export function createReminders(deps: RemindersDeps): Reminders {
  // A limiter it was given is closed by whoever made it; one of its own, here.
  const ownLimiter = deps.limiter ? null : memoryRateLimiter(deps.clock ?? systemClock);
  const scope: RemindersScope = {
    db: deps.db,
    clock: deps.clock ?? systemClock,
    jobs: deps.jobs,
    sources: deps.sources,
    appUrl: deps.appUrl,
    unsubscribeKey: deps.unsubscribeKey,
    unsubscribeUrl: (userId, kind) =>
      unsubscribeUrl(deps.appUrl, deps.unsubscribeKey, userId, kind),
    log: deps.log,
    push: deps.push,
    limiter: deps.limiter ?? ownLimiter!,
  };
  const auth: RouteAuth = { tokens: deps.tokens, checkSession: deps.checkSession };
  const app = createServiceApp({
    name: 'reminders',
    log: deps.log,
    serviceKey: deps.serviceKey,
    // The unsubscribe link's routes first, and on a router of their own: no session there.
    routers: [
      unsubscribeRoutes(scope),
      reminderRoutes(scope, auth),
      revisitRoutes(scope, auth),
      pushRoutes(scope, auth),
    ],
    ownBodies: [REMINDER_UNSUBSCRIBE_PATH],
    readiness: { database: () => pingDatabase(deps.db) },
  });
  let working = false;
  let swept: ScheduledSweep<unknown> | null = null;
  return {
    app,
    async migrate() {
      await migrate(deps.db, 'reminders', migrations);
      if (!working) workDueReminders(scope, deps.jobs, deps.log);
      working = true;
    },
    sweepDue: (options) => sweepDueReminders(scope, () => false, options),
    sweepRevisits: () => sweepDueRevisits(scope),
    deliver: (job) => deliverReminder(scope, job),
    ready() {
      swept ??= keepDueRemindersSwept(scope, deps.dueSweep ?? DUE_SWEEP_SCHEDULE, deps.log);
    },
    deleteAccountData: (userId) => deleteRemindersOf(deps.db, userId),
    userIdsAfter: (after, limit) => userIdsAfter(deps.db, after, limit),
    async close() {
      await swept?.stop();
      await deps.sources.close?.();
      await ownLimiter?.close();
    },
  };
}
