import {
  MAIL_QUEUE,
  REMINDERS_QUEUE,
  reminderDueJob,
  type DailyReminderMailJob,
  type ReminderDueJob,
} from '@dayframe/contracts';
import type { JobBus } from '@dayframe/service-kit/jobs';
import type { Logger } from '@dayframe/service-kit/http';
import {
  claimDelivery,
  completeDelivery,
  releaseDelivery,
  type DeliveryOutcome,
} from './data/deliveries-repo.ts';
import { findSettings } from './data/settings-repo.ts';
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
 * then does the kind's work and marks the row worked. A row already worked means a duplicate
 * (a second sweep, a retried job): nothing happens. A failure before the row is marked lets
 * go of the claim and throws, so the bus retries. The mail job's id is the delivery's too, so
 * a crash after the mail was queued but before the row was marked queues nothing new: the bus
 * and the mailer's sent ledger both hold that id.
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
    const outcome = await dailyReminder(scope, job);
    await completeDelivery(scope.db, job, outcome, scope.clock.now());
    return outcome;
  } catch (error) {
    await releaseDelivery(scope.db, job).catch(() => undefined);
    throw error;
  }
}

/**
 * The daily writing reminder: skipped when the day already has an entry, otherwise mailed to
 * the account's verified address with a link to New Entry, when e-mail is among its channels.
 */
async function dailyReminder(scope: RemindersScope, job: ReminderDueJob): Promise<DeliveryOutcome> {
  if (await scope.sources.wroteOn(job.userId, job.localDate)) return 'written';
  const settings = await findSettings(scope.db, job.userId);
  if (!settings.channels.email) return 'email-off';
  const address = await scope.sources.mailAddress(job.userId);
  if (!address) return 'no-address';
  const mail: DailyReminderMailJob = {
    kind: 'daily-reminder',
    to: address.email,
    name: address.name,
    localDate: job.localDate,
    link: new URL('/entry', scope.appUrl).href,
  };
  await scope.jobs.add(MAIL_QUEUE, mail, {
    jobId: `reminder-mail.${job.userId}.${job.kind}.${job.localDate}`,
  });
  return 'mailed';
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
