import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import {
  DATABASE_KINDS,
  apiClient,
  finding,
  listen,
  openTestDatabase,
  testSessions,
  type TestUser,
  testServiceSecret,
} from '@dayframe/test-kit';
import { createGoals } from '@dayframe/goals';
import { createJournals } from '@dayframe/journals';
import { createArchive, inProcessSources, SourceDown, type ArchiveSources } from './mod.ts';
import { startArchiveTestApp, upload } from './_test-app.ts';

// Issue 24, finding 10: journals and goals committed an import separately, so a goals failure
// left the journals part in. Each side is made to fail here, in both topologies, over real
// owners on a real database; what each owner keeps is read from its tables.

/** A Dayframe file of two journals (four entries) and two goals. */
const FILE = JSON.stringify({
  format: 'dayframe-export',
  version: 1,
  journals: [
    {
      title: 'Trips',
      description: 'Where I went',
      entries: [
        { title: 'Lisbon', content: 'Tiles', date: '2026-03-01' },
        { title: 'Lisbon', content: 'Same day, second entry', date: '2026-03-01' },
        { title: '', content: 'No title', date: '2026-03-02' },
      ],
    },
    {
      title: 'Daily',
      description: '',
      entries: [{ title: 'A', content: 'B', date: '2025-12-31' }],
    },
  ],
  goals: [
    { title: 'Run', description: '5 km', dateSet: '2026-01-05', dateDue: '2026-12-01' },
    { title: 'Read', description: 'Ten books', dateSet: '2026-01-01', dateDue: '2026-06-01' },
  ],
});
const CREATED_ALL = {
  journals: { created: 2, matched: 0 },
  entries: { created: 4, skipped: 0 },
  goals: { created: 2, skipped: 0 },
  media: { created: 0, skipped: 0 },
  photosMissing: 0,
};

/** How many rows of each table the user has. */
async function rowsOf(db: Knex, user: TestUser) {
  const count = async (table: string) => {
    const [row] = await db(table).where({ user_id: user.id }).count({ n: '*' });
    return Number(row?.n ?? 0);
  };
  return {
    journals: await count('journals'),
    entries: await count('entries'),
    goals: await count('goals'),
  };
}
const NOTHING = { journals: 0, entries: 0, goals: 0 };
const EVERYTHING = { journals: 2, entries: 4, goals: 2 };

/**
 * The embedded topology: the archive calls the real journals and goals modules in its own
 * process (in-process sources, one database), through a wrapper that fails on purpose.
 */
async function startEmbedded(kind: (typeof DATABASE_KINDS)[number]) {
  const database = await openTestDatabase(kind);
  const sessions = testSessions();
  const recorded = recordingLogger();
  const deps = {
    db: database.db,
    tokens: sessions.tokens,
    checkSession: sessions.checkSession,
    serviceKey: testServiceSecret().key,
  };
  const journals = createJournals({ ...deps, log: recorded.log });
  const goals = createGoals({ ...deps, log: recorded.log, quotas: { goals: 3 } });
  await journals.migrate();
  await goals.migrate();
  const goalsServer = await listen(goals.app.callback());
  const goalsApi = apiClient(goalsServer.url);
  const real = inProcessSources({ ...journals, ...goals, ready: async () => undefined });
  const faults = {
    /** Before goals commits, another request sets goals up to its quota (after the dry run). */
    fillGoalsBeforeCommit: false,
    /** Journals writes its part, then its answer is lost. */
    loseJournalsCommit: false,
    /** Journals cannot undo. */
    failJournalsUndo: false,
  };
  const sources: ArchiveSources = {
    ...real,
    async importJournals(ask, part, step) {
      const counts = await real.importJournals(ask, part, step);
      if (!step.dryRun && faults.loseJournalsCommit)
        throw new SourceDown('journals', new Error('answer lost'));
      return counts;
    },
    async importGoals(ask, part, step) {
      if (!step.dryRun && faults.fillGoalsBeforeCommit)
        for (const n of [1, 2, 3]) {
          const made = await goalsApi.call('POST', '/api/goals', {
            token: ask.token,
            body: {
              title: `other ${n}`,
              description: 'set meanwhile',
              dateSet: '2026-01-01',
              dateDue: '2026-02-01',
            },
          });
          expect(made.status, made.text).toBe(201);
        }
      return real.importGoals(ask, part, step);
    },
    undoJournalsImport: (ask, importId) =>
      faults.failJournalsUndo
        ? Promise.reject(new SourceDown('journals', new Error('down')))
        : real.undoJournalsImport(ask, importId),
  };
  const archive = createArchive({ sources, ...deps, log: recorded.log });
  const server = await listen(archive.app.callback());
  return {
    url: server.url,
    db: database.db,
    sessions,
    faults,
    lines: recorded.lines,
    async close() {
      await server.close();
      await goalsServer.close();
      await database.close();
    },
  };
}

describe.each(DATABASE_KINDS)('an import keeps both parts or neither, embedded, on %s', (kind) => {
  let app: Awaited<ReturnType<typeof startEmbedded>>;
  beforeAll(async () => {
    app = await startEmbedded(kind);
  });
  afterAll(() => app?.close());

  it('takes journals back when goals refuses its commit (its quota filled since the dry run): 409', async () => {
    await finding('R3-10 goals failing leaves no journals part (embedded)', 'refused', async () => {
      const user = app.sessions.newUser();
      app.faults.fillGoalsBeforeCommit = true;
      try {
        const refused = await upload(app.url, user.token, FILE, 'application/json');
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({
          message: 'You have reached the limit of 3 goals.',
          code: 'quota_exceeded',
        });
      } finally {
        app.faults.fillGoalsBeforeCommit = false;
      }
      // Only the three goals the other request set.
      expect(await rowsOf(app.db, user)).toEqual({ ...NOTHING, goals: 3 });
    });
  });

  it('takes journals back when its own answer was lost after it wrote: 503, goals never written', async () => {
    await finding('R3-10 journals failing leaves no goals part (embedded)', 'refused', async () => {
      const user = app.sessions.newUser();
      app.faults.loseJournalsCommit = true;
      try {
        const failed = await upload(app.url, user.token, FILE, 'application/json');
        expect(failed.status).toBe(503);
      } finally {
        app.faults.loseJournalsCommit = false;
      }
      expect(await rowsOf(app.db, user)).toEqual(NOTHING);
      const retried = await upload(app.url, user.token, FILE, 'application/json');
      expect(retried.body).toEqual(CREATED_ALL);
      expect(await rowsOf(app.db, user)).toEqual(EVERYTHING);
    });
  });

  it('logs an undo that fails with the import id; the same file again then ends whole, without duplicates', async () => {
    const user = app.sessions.newUser();
    app.faults.loseJournalsCommit = true;
    app.faults.failJournalsUndo = true;
    try {
      expect((await upload(app.url, user.token, FILE, 'application/json')).status).toBe(503);
    } finally {
      app.faults.loseJournalsCommit = false;
      app.faults.failJournalsUndo = false;
    }
    const failedUndo = app.lines.find((line) => String(line.msg).startsWith('import undo failed'));
    expect(failedUndo).toMatchObject({ part: 'journals', importId: expect.any(String) });
    // The journals part stayed (it could not be taken back), goals has none.
    expect(await rowsOf(app.db, user)).toEqual({ ...EVERYTHING, goals: 0 });
    const retried = await upload(app.url, user.token, FILE, 'application/json');
    expect(retried.body).toEqual({
      journals: { created: 0, matched: 2 },
      entries: { created: 0, skipped: 4 },
      goals: { created: 2, skipped: 0 },
      media: { created: 0, skipped: 0 },
      photosMissing: 0,
    });
    expect(await rowsOf(app.db, user)).toEqual(EVERYTHING);
  });
});

describe.each(DATABASE_KINDS)(
  'an import keeps both parts or neither, distributed over HTTP, on %s',
  (kind) => {
    let app: Awaited<ReturnType<typeof startArchiveTestApp>>;
    beforeAll(async () => {
      app = await startArchiveTestApp(kind, {
        journalsQuotas: { entries: 6, entryBytes: 2_000 },
        goalsQuotas: { goals: 3 },
      });
    });
    afterAll(() => app?.close());

    it('takes journals back when goals goes down at its commit: 503; the same file again writes it all', async () => {
      await finding(
        'R3-10 goals failing leaves no journals part (distributed)',
        'refused',
        async () => {
          const user = app.sessions.newUser();
          app.control.failGoalWrites = true;
          try {
            const failed = await upload(app.url, user.token, FILE, 'application/json');
            expect(failed.status).toBe(503);
            expect(failed.body.message).toMatch(/Try the same file again/);
          } finally {
            app.control.failGoalWrites = false;
          }
          expect(await rowsOf(app.db, user)).toEqual(NOTHING);
          const retried = await upload(app.url, user.token, FILE, 'application/json');
          expect(retried.status).toBe(200);
          expect(retried.body).toEqual(CREATED_ALL);
          expect(await rowsOf(app.db, user)).toEqual(EVERYTHING);
        },
      );
    });

    it('takes journals back when its answer to the commit is lost after it wrote: 503, goals has nothing', async () => {
      await finding(
        'R3-10 journals failing leaves no goals part (distributed)',
        'refused',
        async () => {
          const user = app.sessions.newUser();
          app.control.loseJournalsCommit = true;
          try {
            expect((await upload(app.url, user.token, FILE, 'application/json')).status).toBe(503);
          } finally {
            app.control.loseJournalsCommit = false;
          }
          expect(await rowsOf(app.db, user)).toEqual(NOTHING);
        },
      );
    });

    it('refuses at the plan an import past the entry, entry text or goal quota: 409, nothing written', async () => {
      const file = (entries: object[], goals: object[]) =>
        JSON.stringify({
          format: 'dayframe-export',
          version: 1,
          journals: [{ title: 'J', description: '', entries }],
          goals,
        });
      const entry = (n: number, content = 'c') => ({ title: `${n}`, content, date: '2026-01-01' });
      const goal = (n: number) => ({
        title: `${n}`,
        description: 'd',
        dateSet: '2026-01-01',
        dateDue: '2026-02-01',
      });
      const cases: [string, string, string][] = [
        [
          'entries',
          file(
            [1, 2, 3, 4, 5, 6, 7].map((n) => entry(n)),
            [goal(1)],
          ),
          'You have reached the limit of 6 entries.',
        ],
        ['entry text', file([entry(1, 'x'.repeat(2_000))], [goal(1)]), ''],
        [
          'goals',
          file([entry(1)], [1, 2, 3, 4].map(goal)),
          'You have reached the limit of 3 goals.',
        ],
      ];
      for (const [quota, body, message] of cases) {
        const user = app.sessions.newUser();
        const refused = await upload(app.url, user.token, body, 'application/json');
        expect(refused.status, quota).toBe(409);
        expect(refused.body.code, quota).toBe('quota_exceeded');
        if (message) expect(refused.body.message, quota).toBe(message);
        expect(await rowsOf(app.db, user), quota).toEqual(NOTHING);
      }
    });

    it("undoes an import id's rows at each owner once; again, or an unknown id, removes nothing", async () => {
      const user = app.sessions.newUser();
      expect((await upload(app.url, user.token, FILE, 'application/json')).body).toEqual(
        CREATED_ALL,
      );
      const importId = (await app.db('goals').where({ user_id: user.id }).first()).import_id;
      const path = `/internal/import/${importId}`;
      const removed = [];
      for (const owner of [app.journalsApi, app.goalsApi]) {
        // Another person cannot take it back: only the caller's rows are ever touched.
        const stranger = await owner.call('DELETE', path, { token: app.sessions.newUser().token });
        expect(stranger.body).toEqual({ removed: 0 });
        const first = await owner.call('DELETE', path, { token: user.token });
        expect(first.status, first.text).toBe(200);
        removed.push(first.body.removed);
        const again = await owner.call('DELETE', path, { token: user.token });
        expect(again.body).toEqual({ removed: 0 });
        const unknown = `/internal/import/${crypto.randomUUID()}`;
        expect((await owner.call('DELETE', unknown, { token: user.token })).body).toEqual({
          removed: 0,
        });
        expect(
          (await owner.call('DELETE', '/internal/import/x', { token: user.token })).status,
        ).toBe(400);
        expect((await owner.call('DELETE', path)).status).toBe(401);
      }
      expect(removed).toEqual([2 + 4, 2]);
      expect(await rowsOf(app.db, user)).toEqual(NOTHING);
    });
  },
);
