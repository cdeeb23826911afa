import type { CalendarEntry, CalendarResponse, Goal } from '@dayframe/contracts';

/** One thing shown on a day: an entry (blue), a goal due (yellow) or a goal completed (green). */
export type CalendarItem =
  | { kind: 'entry'; entry: CalendarEntry }
  | { kind: 'due'; goal: Goal }
  | { kind: 'completed'; goal: Goal };

/** A day's items in the order the cell lists them: entries, goals due, goals completed. */
export function itemsOn(data: CalendarResponse | null, date: string): CalendarItem[] {
  if (!data) return [];
  return [
    ...(data.entries[date] ?? []).map((entry) => ({ kind: 'entry' as const, entry })),
    ...(data.dueGoals[date] ?? []).map((goal) => ({ kind: 'due' as const, goal })),
    ...(data.completedGoals[date] ?? []).map((goal) => ({ kind: 'completed' as const, goal })),
  ];
}

export function itemKey(item: CalendarItem): string {
  return item.kind === 'entry' ? `entry-${item.entry._id}` : `${item.kind}-${item.goal._id}`;
}

export function itemTitle(item: CalendarItem): string {
  if (item.kind === 'entry') return item.entry.title.trim() || 'Untitled entry';
  return item.goal.title.trim() || 'Untitled Goal';
}

/** Where View details goes: the entry's own screen, or the goals screen. */
export function itemDetailsPath(item: CalendarItem): string {
  if (item.kind === 'entry')
    return `/journals/${encodeURIComponent(item.entry.journalId)}/entries/${encodeURIComponent(item.entry._id)}`;
  return '/goals';
}

/** The average mood of a day's entries that have one (issue 25), or null when none has. */
export function dayMood(data: CalendarResponse | null, date: string): number | null {
  const moods = (data?.entries[date] ?? []).flatMap((entry) =>
    entry.mood === null || entry.mood === undefined ? [] : [entry.mood],
  );
  if (moods.length === 0) return null;
  return moods.reduce((sum, mood) => sum + mood, 0) / moods.length;
}
