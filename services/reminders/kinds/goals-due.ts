import { goalsDueHeadline, type ReminderDueJob } from '@dayframe/contracts';
import type { DeliveryOutcome } from '../data/deliveries-repo.ts';
import { findSettings } from '../data/settings-repo.ts';
import { addDays } from '../schedule/calendar-days.ts';
import type { RemindersScope } from '../scope.ts';
import type { ReminderMessage } from './reminder-message.ts';

/** The goals list in the app: where a goals-due reminder takes the person. */
const GOALS_PATH = '/goals';

/**
 * The goals-due reminder: on its local day, every open goal due `daysBefore` days later, in
 * one message ("3 goals due tomorrow"); nothing when none is due. `daysBefore` is read as the
 * settings are now, so a change made since the firing was scheduled counts.
 */
export async function goalsDueMessage(
  scope: RemindersScope,
  job: ReminderDueJob,
): Promise<ReminderMessage | DeliveryOutcome> {
  const { daysBefore } = (await findSettings(scope.db, job.userId)).goalsDue;
  const dueDate = addDays(job.localDate, daysBefore);
  const goals = await scope.sources.openGoalsDue(job.userId, { from: dueDate, to: dueDate });
  if (goals.length === 0) return 'nothing-due';
  const link = new URL(GOALS_PATH, scope.appUrl).href;
  const headline = goalsDueHeadline(goals.length, daysBefore);
  return {
    mail: (address) => ({
      kind: 'goals-due-reminder',
      to: address.email,
      name: address.name,
      unsubscribeUrl: scope.unsubscribeUrl(job.userId, job.kind),
      localDate: job.localDate,
      dueDate,
      goals: goals.map(({ title, dueDate: due }) => ({ title, dueDate: due })),
      link,
    }),
    // No title in a push: it shows on a lock screen, as a mail's subject does.
    push: { title: headline, body: 'See them in Dayframe.', url: GOALS_PATH },
  };
}
