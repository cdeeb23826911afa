import {
  dateOfDayNumber,
  dayNumber,
  isCalendarDate,
  isLeapYear,
  ON_THIS_DAY_LIMIT,
  type MoodResponse,
  type OnThisDayResponse,
  type WritingResponse,
} from '@dayframe/contracts';
import { textExcerpt } from '@dayframe/service-kit/search';
import { entryMetaOf } from './data/entry-meta.ts';
import {
  averageMoodByDay,
  countEntriesByDay,
  findEntriesOnDates,
  findFirstEntryDate,
  findWrittenDaysUpTo,
} from './data/insights-repo.ts';
import type { JournalsScope } from './scope.ts';

const year = (date: string) => Number(date.slice(0, 4));
const yearText = (y: number) => String(y).padStart(4, '0');

/**
 * The caller's entries of the same month and day as `date` in earlier years, newest first, at
 * most `ON_THIS_DAY_LIMIT` (`truncated` when more were written). In a year without 29 February,
 * 28 February also shows the entries of 29 February.
 */
export async function onThisDay(
  scope: JournalsScope,
  userId: string,
  date: string,
): Promise<OnThisDayResponse> {
  const first = await findFirstEntryDate(scope.db, userId);
  if (!first) return { entries: [] };
  const thisYear = year(date);
  const monthDay = date.slice(5);
  const leapDayToo = monthDay === '02-28' && !isLeapYear(thisYear);
  // The exact dates, so each is one seek on the (user_id, date) index.
  const dates: string[] = [];
  for (let y = thisYear - 1; y >= year(first); y--) {
    const same = `${yearText(y)}-${monthDay}`;
    if (isCalendarDate(same)) dates.push(same);
    if (leapDayToo && isLeapYear(y)) dates.push(`${yearText(y)}-02-29`);
  }
  const rows = await findEntriesOnDates(scope.db, userId, dates, ON_THIS_DAY_LIMIT + 1);
  const answer: OnThisDayResponse = {
    entries: rows.slice(0, ON_THIS_DAY_LIMIT).map((row) => ({
      _id: row.id,
      journalId: row.journal_id,
      journalTitle: row.journal_title,
      title: row.title,
      date: row.date,
      excerpt: textExcerpt(row.beginning),
      yearsAgo: thisYear - year(row.date),
      ...entryMetaOf(row),
      photo: row.photo,
    })),
  };
  if (rows.length > ON_THIS_DAY_LIMIT) answer.truncated = true;
  return answer;
}

/**
 * Entries per day in [from, to] and the streaks of consecutive written days: the current one
 * (ending on `to`, or on the day before while `to` has nothing yet), followed back before `from`
 * so it counts whole, and the longest run of days inside the window.
 */
export async function writingInsights(
  scope: JournalsScope,
  userId: string,
  window: { from: string; to: string },
): Promise<WritingResponse> {
  const counts = await countEntriesByDay(scope.db, userId, window.from, window.to);
  const days: Record<string, number> = {};
  const runs: { first: number; last: number; length: number }[] = [];
  for (const { date, count } of counts) {
    days[date] = count;
    const day = dayNumber(date);
    const run = runs[runs.length - 1];
    if (run && run.last === day - 1) {
      run.last = day;
      run.length++;
    } else runs.push({ first: day, last: day, length: 1 });
  }
  // The longest run counts the window's days only (issue 25): a run that began before `from`
  // is as long as its part inside, so the answer never depends on days not asked about.
  const longestStreak = Math.max(0, ...runs.map((run) => run.length));
  // The current streak is the run as it stands today, so one reaching `from` counts whole.
  const to = dayNumber(window.to);
  const lastRun = runs[runs.length - 1];
  let currentStreak = 0;
  if (lastRun && lastRun.last >= to - 1) {
    currentStreak = lastRun.length;
    if (lastRun.first === dayNumber(window.from))
      currentStreak += await writtenDaysRightBefore(scope, userId, window.from);
  }
  return { days, currentStreak, longestStreak };
}

const FIRST_DAY = dayNumber('0001-01-01');
/**
 * How many days in a row before `date` have an entry. The days are read back from the index
 * in pages (64 first: most runs are short; then 4,096 at a time), stopping at the first gap.
 * Reading even ten years of dates is cheaper than counting them in SQL (measured in figure 7).
 */
async function writtenDaysRightBefore(
  scope: JournalsScope,
  userId: string,
  date: string,
): Promise<number> {
  let expected = dayNumber(date) - 1;
  let streak = 0;
  for (let page = 64; expected >= FIRST_DAY; page = 4_096) {
    const days = await findWrittenDaysUpTo(scope.db, userId, dateOfDayNumber(expected), page);
    for (const day of days) {
      if (dayNumber(day) !== expected) return streak;
      streak++;
      expected--;
    }
    if (days.length < page) return streak;
  }
  return streak;
}

/** The average mood of each day in [from, to] with a mood, earliest first (a day without is left out). */
export function moodInsights(
  scope: JournalsScope,
  userId: string,
  window: { from: string; to: string },
): Promise<MoodResponse> {
  return averageMoodByDay(scope.db, userId, window.from, window.to);
}
