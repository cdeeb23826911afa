import { dateOfDayNumber, dayNumber, type WritingWeek } from '@dayframe/contracts';
import { countEntriesByDay } from './data/insights-repo.ts';
import { writingInsights } from './insights.ts';
import type { JournalsScope } from './scope.ts';

/**
 * A week of writing for reminders' weekly digest (issue 27): how many entries are dated in
 * [from, to], and the streak as insights count it on `today` (ending today, or yesterday while
 * today has nothing yet). Asking insights for yesterday and today alone is enough: it follows a
 * run reaching back past its window to its start. Counts only; no entry's words leave journals.
 */
export async function writingWeek(
  scope: JournalsScope,
  userId: string,
  window: { from: string; to: string; today: string },
): Promise<WritingWeek> {
  const days = await countEntriesByDay(scope.db, userId, window.from, window.to);
  const yesterday = dateOfDayNumber(dayNumber(window.today) - 1);
  const { currentStreak } = await writingInsights(scope, userId, {
    from: yesterday,
    to: window.today,
  });
  return {
    written: days.reduce((sum, day) => sum + day.count, 0),
    streak: currentStreak,
  };
}
