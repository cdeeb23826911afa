import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_MESSAGES, journal, journalList } from '@dayframe/contracts';
import {
  DATABASE_KINDS,
  METACHARACTER_TEXT,
  expectHostileBodiesRefused,
  type TestUser,
} from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(DATABASE_KINDS)('journals over HTTP on %s', (kind) => {
  let t: JournalsTestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
    alice = t.sessions.newUser();
    bob = t.sessions.newUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function createJournal(token: string, body: Record<string, unknown>) {
    const response = await t.api.call('POST', '/api/journals', { token, body });
    expect(response.status, response.text).toBe(201);
    return journal.parse(response.body);
  }

  it('refuses every call without a valid token', async () => {
    const paths: [string, string][] = [
      ['GET', '/api/journals'],
      ['POST', '/api/journals'],
      ['GET', `/api/journals/${UNKNOWN_ID}`],
      ['PUT', `/api/journals/${UNKNOWN_ID}`],
      ['DELETE', `/api/journals/${UNKNOWN_ID}`],
    ];
    for (const [method, path] of paths) {
      expect((await t.api.call(method, path)).status).toBe(401);
      expect((await t.api.call(method, path, { token: 'not.a.token' })).status).toBe(401);
    }
  });

  it('creates a journal with a trimmed title and an optional description', async () => {
    const before = Date.now();
    const created = await createJournal(alice.token, { title: '  Morning pages  ' });
    expect(created).toMatchObject({ title: 'Morning pages', description: '', numEntries: 0 });
    expect(created._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const withDescription = await createJournal(alice.token, {
      title: 'Travel',
      description: 'Trips',
    });
    expect(withDescription.description).toBe('Trips');
    const fetched = await t.api.call('GET', `/api/journals/${created._id}`, { token: alice.token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created);
  });

  it('refuses a blank or missing title', async () => {
    for (const body of [{}, { title: '' }, { title: '   \t ' }, { description: 'only' }]) {
      const response = await t.api.call('POST', '/api/journals', { token: alice.token, body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message: JOURNAL_MESSAGES.titleMissing,
        code: 'validation_failed',
      });
    }
  });

  it("lists only the caller's journals, newest first, with their entry counts", async () => {
    const carol = t.sessions.newUser();
    const first = await createJournal(carol.token, { title: 'First' });
    const second = await createJournal(carol.token, { title: 'Second' });
    const third = await createJournal(carol.token, { title: 'Third' });
    await createJournal(bob.token, { title: 'Bob only' });
    for (const date of ['2026-01-01', '2026-01-02']) {
      const made = await t.api.call('POST', `/api/entry/${second._id}`, {
        token: carol.token,
        body: { title: 't', content: 'c', date },
      });
      expect(made.status).toBe(201);
    }
    const response = await t.api.call('GET', '/api/journals', { token: carol.token });
    expect(response.status).toBe(200);
    const list = journalList.parse(response.body);
    expect(list.map((j) => j.title)).toEqual(['Third', 'Second', 'First']);
    expect(list.map((j) => j.numEntries)).toEqual([0, 2, 0]);
    expect(list.map((j) => j._id)).toEqual([third._id, second._id, first._id]);
    const single = await t.api.call('GET', `/api/journals/${second._id}`, { token: carol.token });
    expect(single.body.numEntries).toBe(2);
    const none = await t.api.call('GET', '/api/journals', { token: t.sessions.newUser().token });
    expect(none.body).toEqual([]);
  });

  it('updates title and description, both required', async () => {
    const created = await createJournal(alice.token, { title: 'Old', description: 'old' });
    const updated = await t.api.call('PUT', `/api/journals/${created._id}`, {
      token: alice.token,
      body: { title: ' New ', description: 'new' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...created, title: 'New', description: 'new' });
    const unchanged = await t.api.call('PUT', `/api/journals/${created._id}`, {
      token: alice.token,
      body: { title: 'New', description: 'new' },
    });
    expect(unchanged.status).toBe(200);
    for (const body of [
      { title: 'x' },
      { description: 'x' },
      { title: ' ', description: 'x' },
      { title: 'x', description: '' },
    ]) {
      const response = await t.api.call('PUT', `/api/journals/${created._id}`, {
        token: alice.token,
        body,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(JOURNAL_MESSAGES.editMissing);
    }
    const after = await t.api.call('GET', `/api/journals/${created._id}`, { token: alice.token });
    expect(after.body).toMatchObject({ title: 'New', description: 'new' });
  });

  it('deletes a journal together with its entries', async () => {
    const created = await createJournal(alice.token, { title: 'Doomed' });
    const entry = await t.api.call('POST', `/api/entry/${created._id}`, {
      token: alice.token,
      body: { title: 'e', content: 'c', date: '2026-05-05' },
    });
    expect(entry.status).toBe(201);
    const deleted = await t.api.call('DELETE', `/api/journals/${created._id}`, {
      token: alice.token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: JOURNAL_MESSAGES.deleted });
    expect(
      (await t.api.call('GET', `/api/journals/${created._id}`, { token: alice.token })).status,
    ).toBe(404);
    expect(
      (await t.api.call('GET', `/api/entry/${created._id}`, { token: alice.token })).status,
    ).toBe(404);
    expect(
      await t.db('entries').where({ journal_id: created._id }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 0 });
    expect(
      (await t.api.call('DELETE', `/api/journals/${created._id}`, { token: alice.token })).status,
    ).toBe(404);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'nope', '1', "1' OR '1'='1", 'x'.repeat(2000)]) {
      for (const [method, body] of [
        ['GET'],
        ['PUT', { title: 'a', description: 'b' }],
        ['DELETE'],
      ] as const) {
        const response = await t.api.call(method, `/api/journals/${encodeURIComponent(id)}`, {
          token: alice.token,
          body,
        });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({
          message: JOURNAL_MESSAGES.notFound,
          code: 'journal_not_found',
        });
      }
    }
  });

  it("hides another user's journal on every route and changes nothing (admins included)", async () => {
    const created = await createJournal(alice.token, { title: 'Private', description: 'mine' });
    const admin = t.sessions.newUser('admin');
    for (const intruder of [bob, admin]) {
      const get = await t.api.call('GET', `/api/journals/${created._id}`, {
        token: intruder.token,
      });
      const put = await t.api.call('PUT', `/api/journals/${created._id}`, {
        token: intruder.token,
        body: { title: 'Hacked', description: 'x' },
      });
      const del = await t.api.call('DELETE', `/api/journals/${created._id}`, {
        token: intruder.token,
      });
      for (const response of [get, put, del]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({
          message: JOURNAL_MESSAGES.notFound,
          code: 'journal_not_found',
        });
        expect(response.text).not.toContain('Private');
      }
      const list = await t.api.call('GET', '/api/journals', { token: intruder.token });
      expect(list.body.map((j: { _id: string }) => j._id)).not.toContain(created._id);
    }
    const after = await t.api.call('GET', `/api/journals/${created._id}`, { token: alice.token });
    expect(after.body).toEqual(created);
  });

  it('stores SQL and HTML metacharacters verbatim', async () => {
    const created = await createJournal(alice.token, {
      title: METACHARACTER_TEXT.slice(0, 200),
      description: METACHARACTER_TEXT,
    });
    const fetched = await t.api.call('GET', `/api/journals/${created._id}`, { token: alice.token });
    expect(fetched.body.title).toBe(METACHARACTER_TEXT.slice(0, 200).trim());
    expect(fetched.body.description).toBe(METACHARACTER_TEXT);
    expect(fetched.headers.get('content-type')).toContain('application/json');
  });

  it('refuses hostile bodies with a 4xx and a message, never a 500, and changes nothing', async () => {
    const created = await createJournal(alice.token, { title: 'Stable', description: 'stable' });
    const before = await t.api.call('GET', '/api/journals', { token: alice.token });
    const targets = [
      {
        method: 'POST',
        path: '/api/journals',
        valid: { title: 'T', description: 'D' },
        optional: ['description'],
      },
      {
        method: 'PUT',
        path: `/api/journals/${created._id}`,
        valid: { title: 'T', description: 'D' },
        optional: [],
      },
    ];
    for (const { name, response } of await expectHostileBodiesRefused(
      t.api,
      alice.token,
      targets,
    )) {
      expect(typeof response.body?.message, name).toBe('string');
      expect(response.body.message.length).toBeGreaterThan(0);
    }
    const after = await t.api.call('GET', '/api/journals', { token: alice.token });
    expect(after.body).toEqual(before.body);
  });
});
