import { MAIL_QUEUE, type ReminderDueJob } from '@dayframe/contracts';
import type { DeliveryOutcome } from './data/deliveries-repo.ts';
import { findSettings } from './data/settings-repo.ts';
import type { ReminderMessage } from './kinds/reminder-message.ts';
import type { RemindersScope } from './scope.ts';

/**
 * Sends a composed reminder on the channels the account chose. E-mail goes to its verified
 * address through the mail queue; the mail job's id is the delivery's, so a crash after the
 * mail was queued but before the ledger row was marked queues nothing new (the bus and the
 * mailer's sent ledger both hold that id).
 */
export async function sendOnChannels(
  scope: RemindersScope,
  job: ReminderDueJob,
  message: ReminderMessage,
): Promise<DeliveryOutcome> {
  const settings = await findSettings(scope.db, job.userId);
  if (!settings.channels.email) return 'email-off';
  const address = await scope.sources.mailAddress(job.userId);
  if (!address) return 'no-address';
  await scope.jobs.add(MAIL_QUEUE, message.mail(address), {
    jobId: `reminder-mail.${job.userId}.${job.kind}.${job.localDate}`,
  });
  return 'mailed';
}
