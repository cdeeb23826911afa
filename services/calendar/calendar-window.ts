import {
  CALENDAR_LIMITS,
  CALENDAR_PARTS,
  type CalendarEntry,
  type CalendarPart,
  type CalendarResponse,
  type EntriesWindow,
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

type Days = Pick<CalendarResponse, 'entries' | 'dueGoals' | 'completedGoals'>;

/**
 * The owners each keep their lists within the caps; together they may still pass them. Days in
 * order, and within a day entries, then due goals, then completed goals, are kept until a day
 * holds `perDay` items or the window `window`. True when anything was left out.
 */
function capTogether(days: Days): boolean {
  const kinds = ['entries', 'dueGoals', 'completedGoals'] as const;
  const dates = [...new Set(kinds.flatMap((kind) => Object.keys(days[kind])))].sort();
  let left: number = CALENDAR_LIMITS.window;
  let cut = false;
  for (const date of dates) {
    let room = Math.min(CALENDAR_LIMITS.perDay, left);
    for (const kind of kinds) {
      const items = days[kind][date];
      if (!items) continue;
      if (items.length > room) {
        cut = true;
        if (room === 0) delete days[kind][date];
        else items.length = room;
      }
      const kept = days[kind][date]?.length ?? 0;
      room -= kept;
      left -= kept;
    }
  }
  return cut;
}

export const CALENDAR_UNAVAILABLE =
  'The calendar could not load your entries or goals right now. Try again in a moment.';

/**
 * Everything the month grid shows from `from` to `to`: the entries and the goals asked of their
 * owners at once, each a few bounded reads whatever the history's length, within the window's
 * caps (`CALENDAR_LIMITS`; `truncated` when something was left out). When one owner fails,
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
  const found: EntriesWindow = settled('entries', entries, { entries: [] as CalendarEntry[] });
  const { dueGoals, completedGoals, ...goalsCut }: GoalsWindow = settled('goals', goals, {
    dueGoals: [] as Goal[],
    completedGoals: [] as Goal[],
  });
  if (missing.length === CALENDAR_PARTS.length)
    throw serviceUnavailable(CALENDAR_UNAVAILABLE, 'calendar_sources_unavailable');
  const window: CalendarResponse = {
    entries: groupByDay(found.entries, (entry) => entry.date),
    dueGoals: groupByDay(dueGoals, (goal) => goal.dateDue),
    completedGoals: groupByDay(completedGoals, (goal) => goal.dateComplete),
  };
  if (missing.length > 0) window.missing = missing;
  if (capTogether(window) || found.truncated || goalsCut.truncated) window.truncated = true;
  return window;
}
