import { ENTRY_SUMMARIES_MAX, type EntrySummary, type ReminderDueJob } from '@dayframe/contracts';
import type { DeliveryOutcome } from '../data/deliveries-repo.ts';
import { removeRevisits, revisitsFor } from '../data/revisits-repo.ts';
import type { RemindersScope } from '../scope.ts';
import type { ReminderMessage } from './reminder-message.ts';

/** An entry's page in the app: where a revisit reminder takes the person. */
export function entryPath(entry: Pick<EntrySummary, 'id' | 'journalId'>): string {
  return `/journals/${encodeURIComponent(entry.journalId)}/entries/${encodeURIComponent(entry.id)}`;
}

/**
 * The revisit reminder of one local day: every entry the person asked to see again that day, in
 * one message, quoting each one's title, date and opening (journals answers them; entries since
 * deleted are left out, and with none left there is nothing to send). The revisits it sent are
 * removed once it was handed to the channels; one set again meanwhile (a new id) stays.
 */
export async function revisitMessage(
  scope: RemindersScope,
  job: ReminderDueJob,
): Promise<ReminderMessage | DeliveryOutcome> {
  const due = await revisitsFor(scope.db, job.userId, job.localDate, scope.clock.now());
  const ids = due.map((revisit) => revisit.id);
  const found: EntrySummary[] = [];
  // Someone may set more revisits for one day than journals answers at once.
  for (let i = 0; i < due.length; i += ENTRY_SUMMARIES_MAX) {
    const entryIds = due.slice(i, i + ENTRY_SUMMARIES_MAX).map((revisit) => revisit.entryId);
    found.push(...(await scope.sources.entrySummaries(job.userId, entryIds)));
  }
  // In the order they were set, as the person asked for them.
  const byId = new Map(found.map((entry) => [entry.id, entry]));
  const entries = due.flatMap((revisit) => byId.get(revisit.entryId) ?? []);
  if (entries.length === 0) {
    await removeRevisits(scope.db, ids);
    return 'nothing-due';
  }
  const first = entries[0]!;
  return {
    mail: (address) => ({
      kind: 'revisit-reminder',
      to: address.email,
      name: address.name,
      unsubscribeUrl: scope.unsubscribeUrl(job.userId, job.kind),
      localDate: job.localDate,
      entries: entries.map((entry) => ({
        title: entry.title,
        date: entry.date,
        excerpt: entry.excerpt,
        link: new URL(entryPath(entry), scope.appUrl).href,
      })),
    }),
    push: {
      title: 'An entry to revisit',
      body:
        entries.length === 1
          ? first.title || first.excerpt
          : `${first.title || first.excerpt} and ${entries.length - 1} more`,
      url: entryPath(first),
    },
    delivered: () => removeRevisits(scope.db, ids),
  };
}
