import { hasEntryOn } from './data/entry-repo.ts';
import type { JournalsScope } from './scope.ts';

/**
 * Whether the person wrote on their local day `date`: any entry dated so, in any journal. The
 * reminders service asks before a daily writing reminder (decision 0051); it learns a yes or a
 * no, never what was written.
 */
export function wroteOn(scope: JournalsScope, userId: string, date: string): Promise<boolean> {
  return hasEntryOn(scope.db, userId, date);
}
