import { promptOfTheDay, type ReminderDueJob } from '@dayframe/contracts';
import type { DeliveryOutcome } from '../data/deliveries-repo.ts';
import type { RemindersScope } from '../scope.ts';
import type { ReminderMessage } from './reminder-message.ts';

/** New Entry's path in the app: where the daily reminder takes the person. */
export const NEW_ENTRY_PATH = '/entry';

/**
 * The daily writing reminder: nothing when the local day already has an entry (the person
 * wrote), otherwise a nudge with a link to New Entry and the day's prompt (the one New Entry
 * shows that day; the mailer puts it in the mail from the same day).
 */
export async function dailyMessage(
  scope: RemindersScope,
  job: ReminderDueJob,
): Promise<ReminderMessage | DeliveryOutcome> {
  if (await scope.sources.wroteOn(job.userId, job.localDate)) return 'written';
  const link = new URL(NEW_ENTRY_PATH, scope.appUrl).href;
  return {
    mail: (address) => ({
      kind: 'daily-reminder',
      to: address.email,
      name: address.name,
      localDate: job.localDate,
      link,
      unsubscribeUrl: scope.unsubscribeUrl(job.userId, job.kind),
    }),
    push: {
      title: 'Time to write',
      body: promptOfTheDay(job.localDate),
      url: NEW_ENTRY_PATH,
    },
  };
}
