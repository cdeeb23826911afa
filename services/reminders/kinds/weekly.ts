import type { ReminderDueJob } from '@dayframe/contracts';
import type { DeliveryOutcome } from '../data/deliveries-repo.ts';
import { addDays } from '../schedule/calendar-days.ts';
import type { RemindersScope } from '../scope.ts';
import type { ReminderMessage } from './reminder-message.ts';

/** The dashboard: where the weekly digest takes the person. */
const DASHBOARD_PATH = '/dashboard';

/**
 * The weekly digest for the seven local days ending on its day: entries written and the streak
 * (journals), goals completed and goals due in the seven days after (goals). Sent every week
 * it is on, a quiet week too: the person asked for it, and a zero is news as well.
 */
export async function weeklyMessage(
  scope: RemindersScope,
  job: ReminderDueJob,
): Promise<ReminderMessage | DeliveryOutcome> {
  const week = { from: addDays(job.localDate, -6), to: job.localDate };
  const nextWeek = { from: addDays(job.localDate, 1), to: addDays(job.localDate, 7) };
  const [writing, goalsCompleted, dueNext] = await Promise.all([
    scope.sources.writingWeek(job.userId, { ...week, today: job.localDate }),
    scope.sources.goalsCompletedCount(job.userId, week),
    scope.sources.openGoalsDue(job.userId, nextWeek),
  ]);
  const link = new URL(DASHBOARD_PATH, scope.appUrl).href;
  const entries = `${writing.written} ${writing.written === 1 ? 'entry' : 'entries'}`;
  const completed = `${goalsCompleted} ${goalsCompleted === 1 ? 'goal' : 'goals'} completed`;
  return {
    mail: (address) => ({
      kind: 'weekly-digest',
      to: address.email,
      name: address.name,
      unsubscribeUrl: scope.unsubscribeUrl(job.userId, job.kind),
      weekFrom: week.from,
      weekTo: week.to,
      written: writing.written,
      streak: writing.streak,
      goalsCompleted,
      goalsDueNextWeek: dueNext.map(({ title, dueDate }) => ({ title, dueDate })),
      link,
    }),
    push: {
      title: 'Your week in Dayframe',
      body: `${entries}, ${completed}, ${dueNext.length} due next week.`,
      url: DASHBOARD_PATH,
    },
  };
}
