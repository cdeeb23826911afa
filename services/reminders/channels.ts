import { MAIL_QUEUE, type ReminderDueJob } from '@dayframe/contracts';
import type { DeliveryOutcome } from './data/deliveries-repo.ts';
import { findSettings } from './data/settings-repo.ts';
import type { ReminderMessage } from './kinds/reminder-message.ts';
import { pushToAccount, type PushResult } from './push/push-channel.ts';
import type { RemindersScope } from './scope.ts';

/**
 * Sends a composed reminder on the channels the account chose, each on its own: a push that
 * fails neither stops the e-mail nor makes the delivery retried.
 *
 * E-mail goes first, to the verified address through the mail queue. The mail job's id is the
 * delivery's, so a retry after a failure queues nothing new (the bus and the mailer's sent
 * ledger both hold that id). Push goes after, to every browser of the account, and never
 * throws: nothing that can fail and be retried comes after a push, so a retried delivery does
 * not push twice (the ledger's claim keeps it to one worker).
 */
export async function sendOnChannels(
  scope: RemindersScope,
  job: ReminderDueJob,
  message: ReminderMessage,
): Promise<DeliveryOutcome> {
  const { channels } = await findSettings(scope.db, job.userId);
  let mail: 'mailed' | 'no-address' | 'off' = 'off';
  if (channels.email) {
    const address = await scope.sources.mailAddress(job.userId);
    mail = address ? 'mailed' : 'no-address';
    if (address)
      await scope.jobs.add(MAIL_QUEUE, message.mail(address), {
        jobId: `reminder-mail.${job.userId}.${job.kind}.${job.localDate}`,
      });
  }
  const push = channels.push ? await pushToAccount(scope, job.userId, message.push) : null;
  return outcomeOf(mail, push);
}

/** The ledger's word for what the channels did (`DeliveryOutcome`). */
function outcomeOf(
  mail: 'mailed' | 'no-address' | 'off',
  push: PushResult | null,
): DeliveryOutcome {
  const pushed = push !== null && push.sent > 0;
  if (mail === 'mailed') return pushed ? 'sent' : 'mailed';
  if (pushed) return 'pushed';
  if (mail === 'no-address') return 'no-address';
  if (push === null) return 'email-off';
  return push.devices > 0 ? 'push-failed' : 'no-device';
}
