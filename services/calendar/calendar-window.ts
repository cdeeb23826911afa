import {
  CALENDAR_PARTS,
  type CalendarEntry,
  type CalendarPart,
  type CalendarResponse,
  type Goal,
  type GoalsWindow,
} from '@dayframe/contracts';
import { serviceUnavailable, type Logger } from '@dayframe/service-kit/http';
import type { WindowAsk } from './calendar-sources.ts';
import type { CalendarScope } from './scope.ts';

/** Items keyed by their day, keeping the order the owners returned them in. */
function groupByDay<T>(items: T[], dayOf: (item: T) => string | null): Record<string, T[]> {
  const days: Record<string, T[]> = {};
  for (const item of items) {
    const day = dayOf(item);
    if (day === null) continue;
    (days[day] ??= []).push(item);
  }
  return days;
}

export const CALENDAR_UNAVAILABLE =
  'The calendar could not load your entries or goals right now. Try again in a moment.';

/**
 * Everything the month grid shows from `from` to `to`: the entries and the goals asked of their
 * owners at once, each one bounded read whatever the history's length. When one owner fails,
 * the answer still carries the other part and names the missing one in `missing`; only when
 * both fail is it a 503.
 */
export async function calendarWindow(
  scope: CalendarScope,
  ask: WindowAsk,
  log: Logger,
): Promise<CalendarResponse> {
  const [entries, goals] = await Promise.allSettled([
    scope.sources.entriesBetween(ask),
    scope.sources.goalsBetween(ask),
  ]);
  const missing: CalendarPart[] = [];
  const settled = <T>(part: CalendarPart, result: PromiseSettledResult<T>, empty: T): T => {
    if (result.status === 'fulfilled') return result.value;
    missing.push(part);
    const reason = result.reason as Error | undefined;
    log.warn(
      { part, err: reason?.message, cause: reason?.cause && String(reason.cause) },
      'calendar source failed',
    );
    return empty;
  };
  const found: CalendarEntry[] = settled('entries', entries, []);
  const { dueGoals, completedGoals }: GoalsWindow = settled('goals', goals, {
    dueGoals: [] as Goal[],
    completedGoals: [] as Goal[],
  });
  if (missing.length === CALENDAR_PARTS.length)
    throw serviceUnavailable(CALENDAR_UNAVAILABLE, 'calendar_sources_unavailable');
  const window: CalendarResponse = {
    entries: groupByDay(found, (entry) => entry.date),
    dueGoals: groupByDay(dueGoals, (goal) => goal.dateDue),
    completedGoals: groupByDay(completedGoals, (goal) => goal.dateComplete),
  };
  return missing.length > 0 ? { ...window, missing } : window;
}
