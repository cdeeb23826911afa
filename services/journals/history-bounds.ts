import { ENTRY_HISTORY } from '@dayframe/contracts';
import type { HistoryBounds } from './data/version-repo.ts';
import type { JournalsScope } from './scope.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The bounds of history as of now (decision 0046), and the instant a save happens at. */
export function historyBounds(scope: JournalsScope): HistoryBounds & { now: string } {
  const now = scope.clock.now();
  return {
    now: new Date(now).toISOString(),
    maxVersions: ENTRY_HISTORY.maxVersions,
    cutoff: new Date(now - ENTRY_HISTORY.maxAgeDays * DAY_MS).toISOString(),
    budgetBytes: scope.quotas.versionBytes,
  };
}
