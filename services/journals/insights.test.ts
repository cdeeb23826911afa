import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSIGHTS_MESSAGES,
  dateOfDayNumber,
  dayNumber,
  onThisDayResponse,
  writingResponse,
  type OnThisDayResponse,
  type WritingResponse,
} from '@dayframe/contracts';
import { DATABASE_KINDS, type TestUser, finding } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

describe.each(DATABASE_KINDS)('insights over HTTP on %s', (kind) => {
  let t: JournalsTestApp;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
    bob = t.sessions.newUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function write(token: string, journalId: string, date: string, content = `On ${date}`) {
    const response = await t.api.call('POST', `/api/entry/${journalId}`, {
      token,
      body: { title: `Entry ${date}`, content, date },
    });
    expect(response.status, response.text).toBe(201);
    return response.body._id as string;
  }

  // Issue 24, finding 4: on-this-day answered every entry of every earlier year.
  it('answers on this day at most 50 entries, newest first, with short excerpts, and says it cut', () =>
    finding('R3-4 on-this-day of 80 entries of 50 kB', 'refused', async () => {
      const keen = t.sessions.newUser();
      const journalId = await t.newJournal(keen.token);
      const createdAt = new Date().toISOString();
      // 40 on the day in each of two earlier years, written straight to the table, 50 kB each.
      const rows = ['2023-06-15', '2022-06-15'].flatMap((date) =>
        Array.from({ length: 40 }, (_, n) => ({
          id: randomUUID(),
          journal_id: journalId,
          user_id: keen.id,
          title: `${date} #${n}`,
          content: 'word '.repeat(10_000),
          date,
          created_at: createdAt,
        })),
      );
      for (let i = 0; i < rows.length; i += 20) await t.db('entries').insert(rows.slice(i, i + 20));
      const response = await t.api.call('GET', '/api/insights/on-this-day?date=2024-06-15', {
        token: keen.token,
      });
      expect(response.status).toBe(200);
      const answer = onThisDayResponse.parse(response.body);
      expect(answer.truncated).toBe(true);
      expect(answer.entries.map((e) => e.title)).toEqual([
        ...Array.from({ length: 40 }, (_, n) => `2023-06-15 #${39 - n}`),
        ...Array.from({ length: 10 }, (_, n) => `2022-06-15 #${39 - n}`),
      ]);
      for (const entry of answer.entries) expect(entry.excerpt.length).toBeLessThanOrEqual(280);
      // Within the limit: everything, and no `truncated` at all.
      const fewer = await t.api.call('GET', '/api/insights/on-this-day?date=2023-06-15', {
        token: keen.token,
      });
      expect(fewer.body.entries).toHaveLength(40);
      expect('truncated' in fewer.body).toBe(false);
    }));

  async function onThisDay(token: string, date: string): Promise<OnThisDayResponse> {
    const response = await t.api.call('GET', `/api/insights/on-this-day?date=${date}`, { token });
    expect(response.status, response.text).toBe(200);
    return onThisDayResponse.parse(response.body);
  }

  async function writing(token: string, from: string, to: string): Promise<WritingResponse> {
    const response = await t.api.call('GET', `/api/insights/writing?from=${from}&to=${to}`, {
      token,
    });
    expect(response.status, response.text).toBe(200);
    return writingResponse.parse(response.body);
  }

  const days = (first: number, last: number, month = '2026-06') =>
    Array.from(
      { length: last - first + 1 },
      (_, i) => `${month}-${String(first + i).padStart(2, '0')}`,
    );

  it('refuses both without a token', async () => {
    expect((await t.api.call('GET', '/api/insights/on-this-day?date=2026-01-01')).status).toBe(401);
    expect(
      (await t.api.call('GET', '/api/insights/writing?from=2026-01-01&to=2026-01-31')).status,
    ).toBe(401);
  });

  it("answers the same month and day of earlier years, newest first, in every journal, and only the caller's", async () => {
    const ada = t.sessions.newUser();
    const daily = await t.newJournal(ada.token, 'Daily');
    const travel = await t.newJournal(ada.token, 'Travel');
    const long = 'A long day by the sea. '.repeat(30);
    const lastYear = await write(ada.token, daily, '2025-03-10', long);
    const twoYears = await write(ada.token, travel, '2024-03-10');
    const sixYears = await write(ada.token, daily, '2020-03-10');
    await write(ada.token, daily, '2026-03-10'); // this year: not a memory
    await write(ada.token, daily, '2024-03-11');
    await write(ada.token, daily, '2027-03-10'); // a later year
    await write(bob.token, await t.newJournal(bob.token, 'Bob'), '2023-03-10');

    const found = await onThisDay(ada.token, '2026-03-10');
    expect(found.entries.map((e) => [e._id, e.yearsAgo])).toEqual([
      [lastYear, 1],
      [twoYears, 2],
      [sixYears, 6],
    ]);
    expect(found.entries[1]).toMatchObject({
      journalId: travel,
      journalTitle: 'Travel',
      title: 'Entry 2024-03-10',
      date: '2024-03-10',
      excerpt: 'On 2024-03-10',
    });
    const excerpt = found.entries[0]!.excerpt;
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt.startsWith('A long day by the sea.')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);

    expect(await onThisDay(ada.token, '2026-03-12')).toEqual({ entries: [] });
    expect(await onThisDay(t.sessions.newUser().token, '2026-03-10')).toEqual({ entries: [] });
  });

  it('shows entries of 29 February on 28 February in years without one', async () => {
    const lea = t.sessions.newUser();
    const journal = await t.newJournal(lea.token, 'Leap');
    const leap2024 = await write(lea.token, journal, '2024-02-29');
    const feb28of2023 = await write(lea.token, journal, '2023-02-28');
    const leap2020 = await write(lea.token, journal, '2020-02-29');
    const feb28of2020 = await write(lea.token, journal, '2020-02-28');

    const nonLeap = await onThisDay(lea.token, '2025-02-28');
    expect(nonLeap.entries.map((e) => [e._id, e.yearsAgo])).toEqual([
      [leap2024, 1],
      [feb28of2023, 2],
      [leap2020, 5],
      [feb28of2020, 5],
    ]);
    // A leap year has its own 29 February: 28 February shows only 28 February.
    const leapYear = await onThisDay(lea.token, '2028-02-28');
    expect(leapYear.entries.map((e) => e._id)).toEqual([feb28of2023, feb28of2020]);
    const leapDay = await onThisDay(lea.token, '2028-02-29');
    expect(leapDay.entries.map((e) => [e._id, e.yearsAgo])).toEqual([
      [leap2024, 4],
      [leap2020, 8],
    ]);
    expect(await onThisDay(lea.token, '2025-03-01')).toEqual({ entries: [] });
  });

  it('counts entries per day and the current streak, ending today or yesterday', async () => {
    const sam = t.sessions.newUser();
    const journal = await t.newJournal(sam.token, 'Streaks');
    const other = await t.newJournal(sam.token, 'Other');
    for (const date of days(1, 7)) await write(sam.token, journal, date); // 7 days
    for (const date of days(10, 14)) await write(sam.token, journal, date); // 5 days
    await write(sam.token, other, '2026-06-14');
    await write(sam.token, other, '2026-06-14');

    const today = await writing(sam.token, '2026-01-01', '2026-06-14');
    expect(today.days).toEqual({
      ...Object.fromEntries(
        days(1, 13)
          .filter((d) => d < '2026-06-08' || d > '2026-06-09')
          .map((d) => [d, 1]),
      ),
      '2026-06-14': 3,
    });
    expect(today.currentStreak).toBe(5);
    expect(today.longestStreak).toBe(7);
    // Nothing written yet today: the streak that ended yesterday still counts...
    const nothingYet = await writing(sam.token, '2026-01-01', '2026-06-15');
    expect(nothingYet.currentStreak).toBe(5);
    // ...but not once a whole day is missed.
    const missed = await writing(sam.token, '2026-01-01', '2026-06-16');
    expect(missed.currentStreak).toBe(0);
    expect(missed.longestStreak).toBe(7);
    // Within the window only, by its last day.
    const earlier = await writing(sam.token, '2026-06-01', '2026-06-05');
    expect(earlier).toEqual({
      days: Object.fromEntries(days(1, 5).map((d) => [d, 1])),
      currentStreak: 5,
      longestStreak: 5,
    });
    expect(await writing(sam.token, '2025-01-01', '2025-12-31')).toEqual({
      days: {},
      currentStreak: 0,
      longestStreak: 0,
    });
  });

  // Issue 25 changed this deliberately: the longest streak counts only the window's days.
  it('counts a current streak that began before the window whole, the longest only inside it', async () => {
    const kim = t.sessions.newUser();
    const journal = await t.newJournal(kim.token, 'Long run');
    // 95 days, from 1 November: longer than the first segment counted back from `from`.
    const run = Array.from({ length: 95 }, (_, i) => dateOfDayNumber(dayNumber('2025-11-01') + i));
    expect(run.at(-1)).toBe('2026-02-03');
    for (const date of run) await write(kim.token, journal, date);
    const window = await writing(kim.token, '2026-01-15', '2026-02-03');
    expect(Object.keys(window.days)).toHaveLength(20);
    expect(window.currentStreak).toBe(run.length);
    expect(window.longestStreak).toBe(20);
    const ended = await writing(kim.token, '2026-01-01', '2026-02-10');
    expect(ended.currentStreak).toBe(0);
    expect(ended.longestStreak).toBe(34); // 1 January to 3 February
  });

  it('measures a streak of years before the window exactly', async () => {
    const max = t.sessions.newUser();
    const journalId = await t.newJournal(max.token, 'Years');
    const last = dayNumber('2026-06-30');
    const rows = [];
    // 1,500 days in a row, a day off, then 10 more days before it.
    for (let i = 0; i < 1_511; i++) {
      if (i === 1_500) continue;
      rows.push({
        id: randomUUID(),
        journal_id: journalId,
        user_id: max.id,
        title: '',
        content: 'day',
        date: dateOfDayNumber(last - i),
        created_at: '2026-06-30T00:00:00.000Z',
      });
    }
    for (let i = 0; i < rows.length; i += 200) await t.db('entries').insert(rows.slice(i, i + 200));
    const year = await writing(max.token, '2026-01-01', '2026-06-30');
    expect(year.currentStreak).toBe(1_500);
    expect(year.longestStreak).toBe(181); // every day of the window
    expect(Object.keys(year.days)).toHaveLength(181);
    const earlier = await writing(
      max.token,
      dateOfDayNumber(last - 1_100),
      dateOfDayNumber(last - 1_000),
    );
    expect(earlier.currentStreak).toBe(500);
    expect(earlier.longestStreak).toBe(101);
    const before = await writing(max.token, '2022-05-01', dateOfDayNumber(last - 1_501));
    expect(before.currentStreak).toBe(10);
  });

  // Issue 25: a run that started before `from` was counted whole as the longest streak.
  it('counts the longest streak from the days inside the window only', async () => {
    const ann = t.sessions.newUser();
    const journal = await t.newJournal(ann.token, 'March');
    for (const day of [1, 2, 3, 4, 5]) await write(ann.token, journal, `2026-03-0${day}`);
    await write(ann.token, journal, '2026-03-20');
    await write(ann.token, journal, '2026-03-21');
    const fromThird = await writing(ann.token, '2026-03-03', '2026-03-31');
    expect(fromThird.longestStreak).toBe(3);
    expect(fromThird.days).toEqual({
      '2026-03-03': 1,
      '2026-03-04': 1,
      '2026-03-05': 1,
      '2026-03-20': 1,
      '2026-03-21': 1,
    });
    expect(fromThird.currentStreak).toBe(0);
    // The whole run inside the window counts whole; a later, shorter run does not win.
    expect((await writing(ann.token, '2026-03-01', '2026-03-31')).longestStreak).toBe(5);
    // A window ending inside the run: its current streak still reaches back before `from`.
    expect(await writing(ann.token, '2026-03-04', '2026-03-05')).toEqual({
      days: { '2026-03-04': 1, '2026-03-05': 1 },
      currentStreak: 5,
      longestStreak: 2,
    });
  });

  it('answers 400 for bad dates and windows longer than 366 days', async () => {
    const token = t.sessions.newUser().token;
    for (const [query, message] of [
      ['', INSIGHTS_MESSAGES.dateMissing],
      ['?date=', INSIGHTS_MESSAGES.dateMissing],
      ['?date=2026-02-30', 'Dates must be real calendar dates written YYYY-MM-DD'],
      ['?date=2027-02-29', 'Dates must be real calendar dates written YYYY-MM-DD'],
      ['?date=today', 'Dates must be real calendar dates written YYYY-MM-DD'],
      ['?date=2026-01-01&date=2026-01-02', 'Dates must be real calendar dates written YYYY-MM-DD'],
    ]) {
      const response = await t.api.call('GET', `/api/insights/on-this-day${query}`, { token });
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toBe(message);
    }
    for (const [query, message] of [
      ['', INSIGHTS_MESSAGES.fromMissing],
      ['?from=2026-01-01', INSIGHTS_MESSAGES.toMissing],
      ['?from=2026-01-01&to=2026-13-01', 'Dates must be real calendar dates written YYYY-MM-DD'],
      ['?from=2026-02-01&to=2026-01-31', INSIGHTS_MESSAGES.fromAfterTo],
      ['?from=2025-01-01&to=2026-01-02', INSIGHTS_MESSAGES.tooLong], // 367 days
      ['?from=2016-01-01&to=2026-01-01', INSIGHTS_MESSAGES.tooLong],
    ]) {
      const response = await t.api.call('GET', `/api/insights/writing${query}`, { token });
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toBe(message);
    }
    // 366 days, a leap year's worth, is allowed.
    expect((await writing(token, '2024-01-01', '2024-12-31')).currentStreak).toBe(0);
    expect((await writing(token, '2025-01-01', '2026-01-01')).longestStreak).toBe(0);
  });
});
