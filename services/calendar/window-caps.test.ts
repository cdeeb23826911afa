// Issue 24, finding 4: a window used to answer every item in it with full content (100,000
// entries of 50 kB in one week is gigabytes per call). Rows are written straight to the owners'
// tables (fast), well past each cap; the window is asked over HTTP as the front end asks it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_LIMITS, calendarResponse } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit/db';
import {
  DATABASE_KINDS,
  apiClient,
  listen,
  openTestDatabase,
  serviceTestParts,
  testSessions,
  type ApiClient,
  type OpenTestDatabase,
  type TestUser,
} from '@dayframe/test-kit';
// Tests may stand the owners up as real services (the lint rule allows it in tests only).
import { createJournals } from '@dayframe/journals';
import { createGoals } from '@dayframe/goals';
import { createCalendar, httpSources, inProcessSources, type CalendarSources } from './mod.ts';

const TOPOLOGIES = ['in-process', 'http'] as const;
const cases = DATABASE_KINDS.flatMap((kind) => TOPOLOGIES.map((sources) => ({ kind, sources })));
const createdAt = new Date().toISOString();
const march = (day: number) => `2024-03-${String(day).padStart(2, '0')}`;

async function seedEntries(db: Knex, userId: string, perDay: Record<string, number>) {
  const journalId = randomUUID();
  await db('journals').insert({
    id: journalId,
    user_id: userId,
    title: 'Daily',
    description: '',
    created_at: createdAt,
  });
  const rows = Object.entries(perDay).flatMap(([date, count]) =>
    Array.from({ length: count }, (_, n) => ({
      id: randomUUID(),
      journal_id: journalId,
      user_id: userId,
      title: `${date} #${n}`,
      content: `${date} #${n} `.padEnd(5_000, 'x'),
      date,
      created_at: createdAt,
    })),
  );
  for (let i = 0; i < rows.length; i += 200) await db('entries').insert(rows.slice(i, i + 200));
}

async function seedGoals(db: Knex, userId: string, dueOn: string, count: number) {
  const rows = Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    user_id: userId,
    title: `goal #${n}`,
    description: '',
    completed: false,
    date_set: '2024-01-01',
    date_due: dueOn,
    date_complete: null,
    created_at: createdAt,
  }));
  for (let i = 0; i < rows.length; i += 200) await db('goals').insert(rows.slice(i, i + 200));
}

describe.each(cases)('calendar caps on $kind, sources $sources', ({ kind, sources: via }) => {
  const sessions = testSessions();
  let database: OpenTestDatabase;
  let server: { url: string; close(): Promise<void> };
  const owners: { url: string; close(): Promise<void> }[] = [];
  let sources: CalendarSources;
  let api: ApiClient;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const deps = serviceTestParts(database.db, sessions);
    const journals = createJournals(deps);
    const goals = createGoals(deps);
    for (const service of [journals, goals]) await service.migrate();
    if (via === 'in-process') {
      sources = inProcessSources({
        entriesBetween: journals.entriesBetween,
        goalsBetween: goals.goalsBetween,
        ready: async () => undefined,
      });
    } else {
      owners.push(await listen(journals.app.callback()), await listen(goals.app.callback()));
      sources = httpSources({ journalsUrl: owners[0]!.url, goalsUrl: owners[1]!.url });
    }
    server = await listen(createCalendar({ ...deps, sources }).app.callback());
    api = apiClient(server.url);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await sources?.close();
    for (const owner of owners) await owner.close();
    await database?.close();
  });

  async function window(user: TestUser, from: string, to: string) {
    const response = await api.call('GET', `/api/calendar?from=${from}&to=${to}`, {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    return {
      raw: response.body as Record<string, unknown>,
      ...calendarResponse.parse(response.body),
    };
  }

  const count = (days: Record<string, unknown[]>) =>
    Object.values(days).reduce((sum, items) => sum + items.length, 0);

  it('answers at most 50 items a day and 500 a window, the first written, and says it cut', async () => {
    const writer = sessions.newUser();
    // 70 on the 1st, then 45 a day for eleven days: 565 in all.
    const perDay: Record<string, number> = { [march(1)]: 70 };
    for (let day = 2; day <= 12; day++) perDay[march(day)] = 45;
    await seedEntries(database.db, writer.id, perDay);
    const answer = await window(writer, march(1), march(31));
    expect(answer.truncated).toBe(true);
    expect(count(answer.entries)).toBe(CALENDAR_LIMITS.window);
    expect(answer.entries[march(1)]!.map((e) => e.title)).toEqual(
      Array.from({ length: 50 }, (_, n) => `${march(1)} #${n}`),
    );
    // 50 + 10 × 45 = 500: the days in order until the window is full.
    for (let day = 2; day <= 11; day++) expect(answer.entries[march(day)]).toHaveLength(45);
    expect(answer.entries[march(12)]).toBeUndefined();
    for (const entry of Object.values(answer.entries).flat()) {
      expect(entry.content.length).toBeLessThanOrEqual(CALENDAR_LIMITS.excerpt);
      expect(entry.content).toBe(`${entry.title} `.padEnd(279, 'x') + '…');
    }
    // A window within the caps answers everything, whole, and no `truncated` at all.
    const small = await window(writer, march(12), march(12));
    expect(small.entries[march(12)]).toHaveLength(45);
    expect('truncated' in small.raw).toBe(false);
  });

  it('caps goals too, and a day of entries and goals together, entries first', async () => {
    const planner = sessions.newUser();
    await seedGoals(database.db, planner.id, march(5), 60);
    await seedEntries(database.db, planner.id, { [march(6)]: 30 });
    await seedGoals(database.db, planner.id, march(6), 30);
    const answer = await window(planner, march(1), march(31));
    expect(answer.truncated).toBe(true);
    expect(answer.dueGoals[march(5)]!.map((g) => g.title)).toEqual(
      Array.from({ length: 50 }, (_, n) => `goal #${n}`),
    );
    expect(answer.entries[march(6)]).toHaveLength(30);
    expect(answer.dueGoals[march(6)]).toHaveLength(20);
    const goalsOnly = await window(planner, march(5), march(5));
    expect(goalsOnly.dueGoals[march(5)]).toHaveLength(50);
    expect(goalsOnly.truncated).toBe(true);
  });

  it('answers a short entry whole', async () => {
    const brief = sessions.newUser();
    const journalId = randomUUID();
    await database.db('journals').insert({
      id: journalId,
      user_id: brief.id,
      title: 'Notes',
      description: '',
      created_at: createdAt,
    });
    const content = `${'ü'.repeat(279)}\n`;
    await database.db('entries').insert({
      id: randomUUID(),
      journal_id: journalId,
      user_id: brief.id,
      title: 'Short',
      content,
      date: march(3),
      created_at: createdAt,
    });
    const answer = await window(brief, march(1), march(31));
    expect(answer.entries[march(3)]![0]!.content).toBe(content);
    expect('truncated' in answer.raw).toBe(false);
  });
});
