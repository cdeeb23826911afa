import {
  REMINDERS_QUEUE,
  reminderDueJob,
  type ReminderDueJob,
  type ReminderKind,
} from '@dayframe/contracts';
import type { JobBus } from '@dayframe/service-kit/jobs';
import type { Logger } from '@dayframe/service-kit/http';
import {
  claimDelivery,
  completeDelivery,
  releaseDelivery,
  type DeliveryOutcome,
} from './data/deliveries-repo.ts';
import { sendOnChannels } from './channels.ts';
import { dailyMessage } from './kinds/daily.ts';
import { revisitMessage } from './kinds/revisit.ts';
import { goalsDueMessage } from './kinds/goals-due.ts';
import { weeklyMessage } from './kinds/weekly.ts';
import type { ReminderMessage } from './kinds/reminder-message.ts';
import type { RemindersScope } from './scope.ts';

/**
 * A claim this old whose delivery is not marked worked belongs to a worker that died between
 * the claim and the mail (decision 0051): the job, back on the bus after its lock expired, takes
 * it over. Longer than a delivery ever takes; shorter than the bus's retries last (~8.5 min).
 */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

/** Thrown while another worker's fresh claim holds a delivery: the bus retries the job later. */
export class DeliveryBusy extends Error {
  constructor() {
    super('the delivery is claimed by another worker');
    this.name = 'DeliveryBusy';
  }
}

/**
 * Works one due reminder: claims its row in the ledger (the account, kind and local day),
 * then composes the kind's message, sends it on the account's channels and marks the row worked.
 * A row already worked means a duplicate (a second sweep, a retried job): nothing happens. A
 * failure before the row is marked lets go of the claim and throws, so the bus retries.
 */
export async function deliverReminder(
  scope: RemindersScope,
  job: ReminderDueJob,
): Promise<DeliveryOutcome | 'duplicate'> {
  const now = scope.clock.now();
  const claim = await claimDelivery(scope.db, job, now, now - STALE_CLAIM_MS);
  if (claim === 'done') return 'duplicate';
  if (claim === 'busy') throw new DeliveryBusy();
  try {
    const outcome = await composeAndSend(scope, job);
    await completeDelivery(scope.db, job, outcome, scope.clock.now());
    return outcome;
  } catch (error) {
    await releaseDelivery(scope.db, job).catch(() => undefined);
    throw error;
  }
}

/** Each kind's message for one due reminder, or why there is nothing to send. */
const MESSAGES: Record<
  ReminderKind,
  (scope: RemindersScope, job: ReminderDueJob) => Promise<ReminderMessage | DeliveryOutcome>
> = {
  daily: dailyMessage,
  revisit: revisitMessage,
  goalsDue: goalsDueMessage,
  weekly: weeklyMessage,
};

async function composeAndSend(
  scope: RemindersScope,
  job: ReminderDueJob,
): Promise<DeliveryOutcome> {
  const message = await MESSAGES[job.kind](scope, job);
  if (typeof message === 'string') return message;
  const outcome = await sendOnChannels(scope, job, message);
  await message.delivered?.();
  return outcome;
}

/** Works the reminders queue: each job one due reminder (the sweep queues them). */
export function workDueReminders(scope: RemindersScope, jobs: JobBus, log: Logger): void {
  jobs.work(REMINDERS_QUEUE, async (payload, meta) => {
    const parsed = reminderDueJob.safeParse(payload);
    if (!parsed.success) {
      // A malformed job can never succeed; retrying it would only hold the queue.
      log.error({ jobId: meta.id }, 'dropping malformed reminder job');
      return;
    }
    const outcome = await deliverReminder(scope, parsed.data);
    log.info({ jobId: meta.id, outcome }, 'reminder worked');
  });
}
