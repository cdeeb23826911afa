import type { CalendarEntry, CalendarResponse, Goal } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit';
import { entriesBetween } from '@dayframe/journals';
import { goalsCompletedBetween, goalsDueBetween } from '@dayframe/goals';

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

/**
 * Everything the month grid shows from `from` to `to`: three indexed range queries through the
 * owners' public reads, never one per day or per journal.
 */
export async function calendarWindow(
  db: Knex,
  userId: string,
  from: string,
  to: string,
): Promise<CalendarResponse> {
  const [entries, due, completed]: [CalendarEntry[], Goal[], Goal[]] = await Promise.all([
    entriesBetween(db, userId, from, to),
    goalsDueBetween(db, userId, from, to),
    goalsCompletedBetween(db, userId, from, to),
  ]);
  return {
    entries: groupByDay(entries, (entry) => entry.date),
    dueGoals: groupByDay(due, (goal) => goal.dateDue),
    completedGoals: groupByDay(completed, (goal) => goal.dateComplete),
  };
}
