import { REMINDERS_QUEUE, type ReminderDueJob } from '@dayframe/contracts';
import {
  scheduleSweep,
  type ScheduledSweep,
  type SweepSchedule,
} from '@dayframe/service-kit/events';
import type { Logger } from '@dayframe/service-kit/http';
import { findSettingsOf } from './data/settings-repo.ts';
import { advanceFiring, dueReminders, type DueReminder } from './data/schedule-repo.ts';
import { nextFiringOf } from './reminder-settings.ts';
import { localDateAt } from './schedule/local-time.ts';
import { sweepDueRevisits } from './revisit-sweep.ts';
import type { RemindersScope } from './scope.ts';

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

/**
 * One sweep: the reminders due by now, earliest first, a batch at a time; each is queued (unless
 * too late) and then moved on to its next firing. Queued before it is moved on: a crash between
 * the two queues it again at the next sweep, which the job id and the ledger make harmless.
 * Several replicas may sweep at once; the move is a compare-and-set, the job id collapses
 * duplicates, and the ledger sends each delivery at most once.
 */
export async function sweepDueReminders(
  scope: RemindersScope,
  stopped: () => boolean = () => false,
): Promise<{ queued: number; late: number }> {
  const now = scope.clock.now();
  let queued = 0;
  let late = 0;
  for (;;) {
    const due = await dueReminders(scope.db, now, DUE_BATCH);
    if (due.length === 0) break;
    const settings = await findSettingsOf(scope.db, [...new Set(due.map((d) => d.userId))]);
    let advanced = 0;
    for (const reminder of due) {
      const own = settings.get(reminder.userId);
      if (own && now - reminder.dueAt <= LATE_FIRING_MS) {
        await scope.jobs.add(REMINDERS_QUEUE, jobOf(reminder, own.timeZone), {
          jobId: deliveryJobId(jobOf(reminder, own.timeZone)),
        });
        queued++;
      } else if (own) late++;
      const next = own
        ? nextFiringOf(own, reminder.kind, new Date(Math.max(now, reminder.dueAt)))
        : null;
      if (await advanceFiring(scope.db, reminder, next ? next.at.getTime() : null)) advanced++;
    }
    // A batch another sweep moved on under us is read again only if this one moved some.
    if (due.length < DUE_BATCH || stopped() || advanced === 0) break;
  }
  return { queued, late };
}

function jobOf(reminder: DueReminder, timeZone: string): ReminderDueJob {
  return {
    userId: reminder.userId,
    kind: reminder.kind,
    localDate: localDateAt(new Date(reminder.dueAt), timeZone),
  };
}

/** The sweep every 20 s (revisits' too), a failure logged and tried at the next tick. */
export function keepDueRemindersSwept(
  scope: RemindersScope,
  schedule: SweepSchedule,
  log: Logger,
): ScheduledSweep<{ queued: number; late: number }> {
  return scheduleSweep({
    what: 'sweep of due reminders',
    schedule,
    log,
    run: async (stopped) => {
      const swept = await sweepDueReminders(scope, stopped);
      await sweepDueRevisits(scope, stopped);
      return swept;
    },
  });
}
