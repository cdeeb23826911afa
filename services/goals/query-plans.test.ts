// Issue 17: every read the goals service makes runs on an index, on both databases: the due and
// completed lists, search, the calendar's window and an export, captured as the service issues
// them and explained. The table is shared by many users, as in production.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@dayframe/service-kit/http';
import { isMysql, type Knex } from '@dayframe/service-kit/db';
import {
  DATABASE_KINDS,
  apiClient,
  listen,
  openTestDatabase,
  plansOf,
  testSessions,
  type OpenTestDatabase,
  testServiceSecret,
} from '@dayframe/test-kit';
import { createGoals, type Goals } from './mod.ts';

const isoDay = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
const FIRST_DAY = Date.parse('2025-01-01T00:00:00Z') / 86_400_000;

/** `count` goals for `userId`, half of them completed, due one a day. */
async function seedGoals(db: Knex, userId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    user_id: userId,
    title: `Run ${i} kilometres`,
    description: 'Training for the river run.',
    completed: i % 2 === 0,
    date_set: isoDay(FIRST_DAY + i - 30),
    date_due: isoDay(FIRST_DAY + i),
    date_complete: i % 2 === 0 ? isoDay(FIRST_DAY + i - 3) : null,
    created_at: new Date().toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 200) await db('goals').insert(rows.slice(i, i + 200));
}

describe.each(DATABASE_KINDS)('every goals read runs on an index, %s', (kind) => {
  const sessions = testSessions();
  let database: OpenTestDatabase;
  let goals: Goals;
  let server: { url: string; close(): Promise<void> };
  const someone = sessions.newUser();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    goals = createGoals({
      db: database.db,
      tokens: sessions.tokens,
      checkSession: sessions.checkSession,
      serviceKey: testServiceSecret().key,
      log: silentLogger(),
    });
    await goals.migrate();
    server = await listen(goals.app.callback());
    await seedGoals(database.db, someone.id, 40);
    for (let i = 0; i < 60; i++) await seedGoals(database.db, randomUUID(), 40);
    await database.db.raw(isMysql(database.db) ? 'ANALYZE TABLE goals' : 'ANALYZE');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('lists due and completed goals, searches, answers the calendar, exports and imports on an index', async () => {
    const api = apiClient(server.url);
    const plans = await plansOf(database.db, async () => {
      for (const path of ['/api/goals/due', '/api/goals/completed', '/api/search/goals?q=river']) {
        const reply = await api.call('GET', path, { token: someone.token });
        expect(reply.status, path).toBe(200);
      }
      await goals.goalsBetween(someone.id, '2025-01-01', '2025-02-11');
      // An export reads the goals a page at a time.
      const page = await goals.exportGoals(someone.id, { limit: 15 });
      expect(page.next).toBeTruthy();
      await goals.exportGoals(someone.id, { after: page.next!, limit: 15 });
      // An import's dry run matches its goals by id and by content hash (the unique import key).
      await goals.importGoals(
        someone.id,
        { goals: [...page.goals, { ...page.goals[0]!, _id: undefined, title: 'new' }] },
        { dryRun: true },
      );
    });
    expect(plans.length).toBeGreaterThanOrEqual(5);
    const scans = plans.filter((p) => p.fullScan).map((p) => `${p.sql}\n  -> ${p.plan}`);
    expect(scans).toEqual([]);
  });
});
