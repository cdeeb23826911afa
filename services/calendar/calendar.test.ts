import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETED,
  CALENDAR_LIMITS,
  CALENDAR_MESSAGES,
  DATE_MESSAGES,
  accountDeletedEvent,
  calendarResponse,
  mediaMarkdown,
} from '@dayframe/contracts';
import { silentLogger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import { inProcessEventBus, type EventBus } from '@dayframe/service-kit/events';
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
  finding,
} from '@dayframe/test-kit';
// Tests may stand the owners up as real services (the lint rule allows it in tests only).
import { createJournals } from '@dayframe/journals';
import { createGoals } from '@dayframe/goals';
import { createCalendar, httpSources, inProcessSources, type CalendarSources } from './mod.ts';

// In-process: the calendar calls the journals and goals modules, as in the embedded topology.
// HTTP: journals and goals are real servers on loopback and the calendar asks their internal
// endpoints, as in the distributed topology.
const TOPOLOGIES = ['in-process', 'http'] as const;
const cases = DATABASE_KINDS.flatMap((kind) => TOPOLOGIES.map((sources) => ({ kind, sources })));

describe.each(cases)('calendar over HTTP on $kind, sources $sources', ({ kind, sources: via }) => {
  const sessions = testSessions();
  let database: OpenTestDatabase;
  let db: Knex;
  let bus: EventBus;
  let server: { url: string; close(): Promise<void> };
  const owners: { url: string; close(): Promise<void> }[] = [];
  let sources: CalendarSources;
  let api: ApiClient;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    const deps = serviceTestParts(db, sessions);
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
      const [journalsServer, goalsServer] = await Promise.all([
        listen(journals.app.callback()),
        listen(goals.app.callback()),
      ]);
      owners.push(journalsServer, goalsServer);
      sources = httpSources({
        journalsUrl: journalsServer.url,
        goalsUrl: goalsServer.url,
        serviceKey: deps.serviceKey,
      });
    }
    const calendar = createCalendar({ ...deps, sources });
    // What the composition root does in the embedded topology.
    bus = inProcessEventBus(silentLogger());
    bus.subscribe(ACCOUNT_DELETED, 'journals', async (e) =>
      journals.deleteAccountData(accountDeletedEvent.parse(e).userId),
    );
    bus.subscribe(ACCOUNT_DELETED, 'goals', async (e) =>
      goals.deleteAccountData(accountDeletedEvent.parse(e).userId),
    );
    // A minimal stand-in for the gateway's routing: each /api prefix to its service.
    const handlers = {
      journals: journals.app.callback(),
      goals: goals.app.callback(),
      calendar: calendar.app.callback(),
    };
    server = await listen((req: IncomingMessage, res: ServerResponse) => {
      const path = req.url ?? '';
      if (path.startsWith('/api/goals')) return handlers.goals(req, res);
      if (path.startsWith('/api/calendar')) return handlers.calendar(req, res);
      return handlers.journals(req, res);
    });
    api = apiClient(server.url);
  });
  afterAll(async () => {
    await bus?.close();
    await server?.close();
    await sources?.close();
    for (const owner of owners) await owner.close();
    await database?.close();
  });

  async function call(user: TestUser, method: string, path: string, body?: unknown) {
    const response = await api.call(method, path, { token: user.token, body });
    expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
    return response.body;
  }

  async function journal(user: TestUser, title: string): Promise<string> {
    return (await call(user, 'POST', '/api/journals', { title }))._id;
  }

  async function entry(user: TestUser, journalId: string, date: string, title = `entry ${date}`) {
    return call(user, 'POST', `/api/entry/${journalId}`, {
      title,
      content: `content of ${title}`,
      date,
    });
  }

  async function goal(user: TestUser, dateDue: string, title = `goal ${dateDue}`) {
    return call(user, 'POST', '/api/goals', {
      title,
      description: `about ${title}`,
      dateDue,
      dateSet: '2025-01-01',
    });
  }

  async function window(user: TestUser, from: string, to: string) {
    const response = await api.call('GET', `/api/calendar?from=${from}&to=${to}`, {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    return calendarResponse.parse(response.body);
  }

  it('refuses a call without a token', async () => {
    expect((await api.call('GET', '/api/calendar?from=2026-01-01&to=2026-01-31')).status).toBe(401);
  });

  it('validates the window: real dates, from not after to, at most 92 days', async () => {
    const user = sessions.newUser();
    const cases: [string, string][] = [
      ['', CALENDAR_MESSAGES.fromMissing],
      ['?to=2026-01-31', CALENDAR_MESSAGES.fromMissing],
      ['?from=2026-01-01', CALENDAR_MESSAGES.toMissing],
      ['?from=2026-02-30&to=2026-03-31', DATE_MESSAGES.invalid],
      ['?from=2026-01-01&to=2026-13-01', DATE_MESSAGES.invalid],
      ['?from=26-01-01&to=2026-01-31', DATE_MESSAGES.invalid],
      ['?from=2026-01-01&to=2026-01-31%27%20OR%201=1', DATE_MESSAGES.invalid],
      ['?from=2026-02-01&to=2026-01-31', CALENDAR_MESSAGES.fromAfterTo],
      ['?from=2026-01-01&to=2026-04-03', CALENDAR_MESSAGES.tooLong],
      ['?from=2025-01-01&to=2026-12-31', CALENDAR_MESSAGES.tooLong],
      ['?from=2026-01-01&from=2026-01-02&to=2026-01-31', DATE_MESSAGES.invalid],
    ];
    for (const [query, message] of cases) {
      const response = await api.call('GET', `/api/calendar${query}`, { token: user.token });
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toBe(message);
    }
    // 2026-01-01 to 2026-04-02 is exactly 92 days; one day is fine too.
    expect(await window(user, '2026-01-01', '2026-04-02')).toEqual({
      entries: {},
      dueGoals: {},
      completedGoals: {},
    });
    expect(await window(user, '2026-01-01', '2026-01-01')).toEqual({
      entries: {},
      dueGoals: {},
      completedGoals: {},
    });
  });

  it("groups the window's entries, due goals and completed goals by their day", async () => {
    const user = sessions.newUser();
    const work = await journal(user, 'Work');
    const home = await journal(user, 'Home');
    const first = await entry(user, work, '2026-06-10', 'standup');
    const second = await entry(user, home, '2026-06-10', 'dinner');
    const third = await entry(user, work, '2026-06-12', 'review');
    // Issue 26: an entry's first embedded file passes through as its photo.
    const photo = randomUUID();
    const pictured = await call(user, 'PUT', `/api/entry/${work}/${third._id}`, {
      title: 'review',
      content: `[notes](media:${randomUUID()}) ${mediaMarkdown(photo)}`,
    });
    const due = await goal(user, '2026-06-11', 'ship');
    const done = await goal(user, '2026-06-30', 'plan');
    await call(user, 'PUT', `/api/goals/${done._id}/complete`, { currentDate: '2026-06-12' });
    await goal(user, '2026-07-01', 'outside');

    const body = await window(user, '2026-06-01', '2026-06-30');
    expect(body.entries).toEqual({
      '2026-06-10': [
        { ...first, journalTitle: 'Work', photo: null },
        { ...second, journalTitle: 'Home', photo: null },
      ],
      '2026-06-12': [{ ...pictured, content: expect.any(String), journalTitle: 'Work', photo }],
    });
    expect(body.entries['2026-06-10']?.[0]).toEqual({
      _id: first._id,
      journalId: work,
      journalTitle: 'Work',
      title: 'standup',
      content: 'content of standup',
      date: '2026-06-10',
      type: 'entry',
      // Issue 25: tags, mood and star pass through the calendar (both sources).
      tags: [],
      mood: null,
      starred: false,
      photo: null,
    });
    expect(body.dueGoals).toEqual({ '2026-06-11': [due] });
    // Completed goals show on their completion day only, not again on their due day.
    expect(body.completedGoals).toEqual({
      '2026-06-12': [{ ...done, completed: true, dateComplete: '2026-06-12' }],
    });
  });

  it('keeps month and year boundaries exact', async () => {
    const user = sessions.newUser();
    const j = await journal(user, 'Boundaries');
    for (const date of [
      '2025-12-31',
      '2026-01-01',
      '2026-01-31',
      '2026-02-01',
      '2026-02-28',
      '2026-03-01',
    ]) {
      await entry(user, j, date);
      await goal(user, date);
    }
    const february = await window(user, '2026-02-01', '2026-02-28');
    expect(Object.keys(february.entries)).toEqual(['2026-02-01', '2026-02-28']);
    expect(Object.keys(february.dueGoals)).toEqual(['2026-02-01', '2026-02-28']);
    const january = await window(user, '2026-01-01', '2026-01-31');
    expect(Object.keys(january.entries)).toEqual(['2026-01-01', '2026-01-31']);
    // A Monday-first grid around New Year: Mon 2025-12-29 to Sun 2026-02-08.
    const grid = await window(user, '2025-12-29', '2026-02-08');
    expect(Object.keys(grid.entries)).toEqual([
      '2025-12-31',
      '2026-01-01',
      '2026-01-31',
      '2026-02-01',
    ]);
    expect(Object.keys(grid.dueGoals)).toEqual([
      '2025-12-31',
      '2026-01-01',
      '2026-01-31',
      '2026-02-01',
    ]);
  });

  it('shows the leap day in its February and nowhere else', async () => {
    const user = sessions.newUser();
    const j = await journal(user, 'Leap');
    await entry(user, j, '2028-02-28');
    await entry(user, j, '2028-02-29');
    await entry(user, j, '2028-03-01');
    const leapGoal = await goal(user, '2028-02-29');
    const doneGoal = await goal(user, '2028-03-15');
    await call(user, 'PUT', `/api/goals/${doneGoal._id}/complete`, { currentDate: '2028-02-29' });
    const february = await window(user, '2028-02-01', '2028-02-29');
    expect(Object.keys(february.entries)).toEqual(['2028-02-28', '2028-02-29']);
    expect(february.dueGoals).toEqual({ '2028-02-29': [leapGoal] });
    expect(Object.keys(february.completedGoals)).toEqual(['2028-02-29']);
    const march = await window(user, '2028-03-01', '2028-03-31');
    expect(Object.keys(march.entries)).toEqual(['2028-03-01']);
    expect(march.dueGoals).toEqual({});
    expect(march.completedGoals).toEqual({});
    const around = await window(user, '2028-02-29', '2028-02-29');
    expect(Object.keys(around.entries)).toEqual(['2028-02-29']);
  });

  it("shows only the caller's rows", async () => {
    const alice = sessions.newUser();
    const bob = sessions.newUser();
    const j = await journal(alice, 'Alice');
    await entry(alice, j, '2026-08-08');
    const g = await goal(alice, '2026-08-09');
    await goal(alice, '2026-08-10');
    await call(alice, 'PUT', `/api/goals/${g._id}/complete`, { currentDate: '2026-08-08' });
    for (const intruder of [bob, sessions.newUser('admin')]) {
      expect(await window(intruder, '2026-08-01', '2026-08-31')).toEqual({
        entries: {},
        dueGoals: {},
        completedGoals: {},
      });
    }
    const own = await window(alice, '2026-08-01', '2026-08-31');
    expect(Object.keys(own.entries)).toEqual(['2026-08-08']);
  });

  it('costs the same fixed number of queries for one day or 92, one journal or many', async () => {
    const user = sessions.newUser();
    for (let i = 0; i < 4; i++) {
      const j = await journal(user, `J${i}`);
      for (const date of ['2026-09-01', '2026-09-15', '2026-10-20', '2026-11-30'])
        await entry(user, j, date);
    }
    for (const date of ['2026-09-02', '2026-10-03', '2026-11-04']) await goal(user, date);
    const counted = async (from: string, to: string) => {
      let queries = 0;
      const count = () => queries++;
      db.on('query', count);
      try {
        await window(user, from, to);
      } finally {
        db.removeListener('query', count);
      }
      return queries;
    };
    const oneDay = await counted('2026-09-01', '2026-09-01');
    const quarter = await counted('2026-09-01', '2026-12-01');
    expect(oneDay).toBe(3);
    expect(quarter).toBe(3);
  });

  it("removes a deleted account's journals, entries and goals on its account.deleted event, idempotently", async () => {
    const leaving = sessions.newUser();
    const staying = sessions.newUser();
    for (const user of [leaving, staying]) {
      const j = await journal(user, 'Mine');
      await entry(user, j, '2026-05-01');
      await entry(user, j, '2026-05-02');
      const g = await goal(user, '2026-05-03');
      await goal(user, '2026-05-04');
      await call(user, 'PUT', `/api/goals/${g._id}/complete`, { currentDate: '2026-05-02' });
    }
    const rowsOf = async (userId: string) => {
      const counts = await Promise.all(
        ['journals', 'entries', 'goals'].map(async (table) =>
          Number((await db(table).where({ user_id: userId }).count({ n: '*' }).first())?.n),
        ),
      );
      return counts;
    };
    expect(await rowsOf(leaving.id)).toEqual([1, 2, 2]);
    for (let round = 0; round < 2; round++) {
      // Delivered twice, as an outbox relay may: the second delivery is harmless.
      await bus.publish(ACCOUNT_DELETED, { id: `event-${leaving.id}`, userId: leaving.id });
      expect(await rowsOf(leaving.id)).toEqual([0, 0, 0]);
    }
    expect(await rowsOf(staying.id)).toEqual([1, 2, 2]);
    const stayingWindow = await window(staying, '2026-05-01', '2026-05-31');
    expect(Object.keys(stayingWindow.entries)).toEqual(['2026-05-01', '2026-05-02']);
  });

  // Issue 24, finding 4: a window used to answer every item in it with full content (100,000
  // entries of 50 kB in one week is gigabytes per call). Rows are written straight to the
  // owners' tables (fast), well past each cap.
  describe('caps', () => {
    const createdAt = new Date().toISOString();
    const march = (day: number) => `2024-03-${String(day).padStart(2, '0')}`;

    async function seedEntries(user: TestUser, perDay: Record<string, number>) {
      const journalId = await journal(user, 'Daily');
      const rows = Object.entries(perDay).flatMap(([date, count]) =>
        Array.from({ length: count }, (_, n) => ({
          id: randomUUID(),
          journal_id: journalId,
          user_id: user.id,
          title: `${date} #${n}`,
          content: `${date} #${n} `.padEnd(5_000, 'x'),
          date,
          created_at: createdAt,
        })),
      );
      for (let i = 0; i < rows.length; i += 200) await db('entries').insert(rows.slice(i, i + 200));
    }

    async function seedDueGoals(user: TestUser, dueOn: string, count: number) {
      const rows = Array.from({ length: count }, (_, n) => ({
        id: randomUUID(),
        user_id: user.id,
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

    const count = (days: Record<string, unknown[]>) =>
      Object.values(days).reduce((sum, items) => sum + items.length, 0);

    it('answers at most 50 items a day and 500 a window, the first written, and says it cut', () =>
      finding('R3-4 calendar window of 565 entries', 'refused', async () => {
        const writer = sessions.newUser();
        // 70 on the 1st, then 45 a day for eleven days: 565 in all.
        const perDay: Record<string, number> = { [march(1)]: 70 };
        for (let day = 2; day <= 12; day++) perDay[march(day)] = 45;
        await seedEntries(writer, perDay);
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
        // A window within the caps answers everything, and no `truncated` at all.
        const small = await window(writer, march(12), march(12));
        expect(small.entries[march(12)]).toHaveLength(45);
        expect(small.truncated).toBeUndefined();
      }));

    it('caps goals too, and a day of entries and goals together, entries first', async () => {
      const planner = sessions.newUser();
      await seedDueGoals(planner, march(5), 60);
      await seedEntries(planner, { [march(6)]: 30 });
      await seedDueGoals(planner, march(6), 30);
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

    it('answers an entry of 280 characters whole', async () => {
      const brief = sessions.newUser();
      const content = `${'ü'.repeat(279)}\n`;
      await entry(brief, await journal(brief, 'Notes'), march(3), 'Short');
      await db('entries').where({ user_id: brief.id }).update({ content });
      const answer = await window(brief, march(1), march(31));
      expect(answer.entries[march(3)]![0]!.content).toBe(content);
      expect(answer.truncated).toBeUndefined();
    });
  });
});
