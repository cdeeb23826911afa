import { REMINDERS_QUEUE, type ReminderDueJob } from '@dayframe/contracts';
import { dueRevisits, markRevisitsQueued } from './data/revisits-repo.ts';
import { DUE_BATCH, deliveryJobId } from './due-sweep.ts';
import type { RemindersScope } from './scope.ts';

/**
 * One sweep of the revisits due by now, earliest first, a batch at a time through the `fire_at`
 * index: an account's revisits of one local day make one delivery (one job, its id the ledger's
 * key, so one mail names them all), and then they are marked queued. Queued before marked: a
 * crash between the two queues them again at the next sweep, which the job id and the ledger
 * make harmless. Unlike the daily reminder a late revisit is still sent: it comes once.
 */
export async function sweepDueRevisits(
  scope: RemindersScope,
  stopped: () => boolean = () => false,
): Promise<{ queued: number }> {
  const now = scope.clock.now();
  let queued = 0;
  for (;;) {
    const due = await dueRevisits(scope.db, now, DUE_BATCH);
    if (due.length === 0) break;
    const days = new Map<string, { job: ReminderDueJob; ids: string[] }>();
    for (const revisit of due) {
      const key = `${revisit.userId} ${revisit.on}`;
      const day = days.get(key) ?? {
        job: { userId: revisit.userId, kind: 'revisit' as const, localDate: revisit.on },
        ids: [],
      };
      day.ids.push(revisit.id);
      days.set(key, day);
    }
    let marked = 0;
    for (const { job, ids } of days.values()) {
      await scope.jobs.add(REMINDERS_QUEUE, job, { jobId: deliveryJobId(job) });
      queued++;
      marked += await markRevisitsQueued(scope.db, ids, now);
    }
    // A batch another replica marked under us is read again only if this one marked some.
    if (due.length < DUE_BATCH || stopped() || marked === 0) break;
  }
  return { queued };
}
