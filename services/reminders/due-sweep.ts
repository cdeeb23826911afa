import {
  REMINDERS_QUEUE,
  type ReminderDueJob,
  type ScheduledReminderKind,
  type ReminderSettings,
} from '@dayframe/contracts';
import {
  scheduleSweep,
  type ScheduledSweep,
  type SweepSchedule,
} from '@dayframe/service-kit/events';
import type { Knex } from '@dayframe/service-kit/db';
import type { Logger } from '@dayframe/service-kit/http';
import { findSettingsOf } from './data/settings-repo.ts';
import {
  inDueBatch,
  moveOnFirings,
  takeDueReminders,
  type FiringMove,
} from './data/schedule-repo.ts';
import { nextFiringOf } from './reminder-settings.ts';
import { localDateAt } from './schedule/local-time.ts';
import { sweepDueRevisits } from './revisit-sweep.ts';
import type { RemindersScope } from './scope.ts';

/** What finding and queueing due reminders needs: the schedule, the time and the bus. */
export type SweepScope = Pick<RemindersScope, 'db' | 'clock' | 'jobs'>;

/** How many due reminders one query takes, through the `next_fire_at` index. */
export const DUE_BATCH = 1_000;

/**
 * The sweep runs this often: a reminder goes out within 60 s of its minute with room for the
 * queue, and a missed tick (a busy process) still leaves one more in the minute.
 */
export const DUE_SWEEP_SCHEDULE: SweepSchedule = { everyMs: 20_000, firstMs: 1_000 };

/**
 * A firing found later than this (the service was down) is not sent: a 20:30 reminder arriving
 * in the small hours helps no one. Its row moves on to the next firing all the same.
 */
export const LATE_FIRING_MS = 60 * 60 * 1000;

/** The job id of one reminder's delivery: the ledger's key, so the bus holds it once. */
export function deliveryJobId(job: ReminderDueJob): string {
  // BullMQ refuses `:` in a job id; dots keep the key readable.
  return `${job.userId}.${job.kind}.${job.localDate}`;
}

/** What a sweep did: reminders queued, and late firings moved on unsent. */
export type DueSweepOutcome = { queued: number; late: number };

/**
 * One sweep: the reminders due by now, earliest first, a batch at a time until none are left.
 * Each batch is read, queued with one bulk add and moved on to its next firings in one short
 * transaction (`inDueBatch`): replicas sweeping at once take different rows on MariaDB (SKIP
 * LOCKED), and one after the other on SQLite. Queued before moved on: a crash between the two
 * queues the batch again at the next sweep, which the job ids and the ledger make harmless.
 */
export async function sweepDueReminders(
  scope: SweepScope,
  stopped: () => boolean = () => false,
  options: { batch?: number } = {},
): Promise<DueSweepOutcome> {
  const batch = options.batch ?? DUE_BATCH;
  const now = scope.clock.now();
  const total = { queued: 0, late: 0 };
  for (;;) {
    const swept = await inDueBatch(scope.db, (trx) => sweepBatch(scope, trx, now, batch));
    total.queued += swept.queued;
    total.late += swept.late;
    // A batch moved on under us (a PUT) is read again only if this one moved some.
    if (swept.found < batch || stopped() || swept.moved === 0) break;
  }
  return total;
}

/** One batch: the settings of its accounts in one query, one bulk add, one move on. */
async function sweepBatch(
  scope: SweepScope,
  trx: Knex.Transaction,
  now: number,
  batch: number,
): Promise<DueSweepOutcome & { found: number; moved: number }> {
  const due = await takeDueReminders(trx, now, batch);
  if (due.length === 0) return { found: 0, moved: 0, queued: 0, late: 0 };
  const settings = await findSettingsOf(trx, [...new Set(due.map((d) => d.userId))]);
  const jobs: ReminderDueJob[] = [];
  const moves: FiringMove[] = [];
  let late = 0;
  // Most of a batch fell due in the same minute, many in the same zone at the same time: each
  // local date and next firing is computed (through Intl, the costly part) once per batch.
  const localDates = remembered((at: number, timeZone: string) =>
    localDateAt(new Date(at), timeZone),
  );
  const nextFirings = remembered(
    (own: ReminderSettings, kind: ScheduledReminderKind, after: number) =>
      nextFiringOf(own, kind, new Date(after)),
  );
  for (const reminder of due) {
    const own = settings.get(reminder.userId);
    if (own && now - reminder.dueAt <= LATE_FIRING_MS)
      jobs.push({
        userId: reminder.userId,
        kind: reminder.kind,
        localDate: localDates(reminder.dueAt, own.timeZone),
      });
    else if (own) late++;
    const next = own ? nextFirings(own, reminder.kind, Math.max(now, reminder.dueAt)) : null;
    moves.push({ due: reminder, next: next ? next.at.getTime() : null });
  }
  await scope.jobs.addMany(
    REMINDERS_QUEUE,
    jobs.map((job) => ({ payload: job, jobId: deliveryJobId(job) })),
  );
  const moved = await moveOnFirings(trx, moves);
  return { found: due.length, moved, queued: jobs.length, late };
}

/** `compute` remembered by its arguments (settings by their JSON) for the life of one batch. */
function remembered<A extends unknown[], R>(compute: (...args: A) => R): (...args: A) => R {
  const known = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = known.get(key);
    if (value === undefined) {
      value = compute(...args);
      known.set(key, value);
    }
    return value;
  };
}

/**
 * What runs at each tick of the periodic sweep: every kind of sweep the reminders have (the due
 * reminders, then the revisits), one after the other, each ending between batches once `stopped`.
 */
export async function sweepTick(
  scope: RemindersScope,
  stopped: () => boolean,
): Promise<DueSweepOutcome> {
  const due = await sweepDueReminders(scope, stopped);
  await sweepDueRevisits(scope, stopped);
  return due;
}

/** The sweep every 20 s, a failure logged and tried at the next tick. */
export function keepDueRemindersSwept(
  scope: RemindersScope,
  schedule: SweepSchedule,
  log: Logger,
): ScheduledSweep<DueSweepOutcome> {
  return scheduleSweep({
    what: 'sweep of due reminders',
    schedule,
    log,
    run: (stopped) => sweepTick(scope, stopped),
  });
}
