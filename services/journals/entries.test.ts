import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MESSAGES, ENTRY_MESSAGES, JOURNAL_MESSAGES, entryList } from '@dayframe/contracts';
import {
  DATABASE_KINDS,
  METACHARACTER_TEXT,
  expectHostileBodiesRefused,
  type TestUser,
} from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(DATABASE_KINDS)('entries over HTTP on %s', (kind) => {
  let t: JournalsTestApp;
  let alice: TestUser;
  let bob: TestUser;
  let journalId: string;

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
    alice = t.sessions.newUser();
    bob = t.sessions.newUser();
    journalId = await t.newJournal(alice.token);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every call without a token', async () => {
    for (const [method, path] of [
      ['GET', `/api/entry/${journalId}`],
      ['POST', `/api/entry/${journalId}`],
      ['GET', `/api/entry/${journalId}/dated?date=2026-01-01`],
      ['GET', `/api/entry/${journalId}/${UNKNOWN_ID}`],
      ['PUT', `/api/entry/${journalId}/${UNKNOWN_ID}`],
      ['DELETE', `/api/entry/${journalId}/${UNKNOWN_ID}`],
    ]) {
      expect((await t.api.call(method!, path!)).status).toBe(401);
    }
  });

  it('creates an entry and answers it as stored', async () => {
    const created = await t.addEntry(alice.token, journalId, {
      title: ' Day one ',
      content: 'It began.',
      date: '2026-03-14',
    });
    expect(created).toMatchObject({
      journalId,
      title: 'Day one',
      content: 'It began.',
      date: '2026-03-14',
      type: 'entry',
    });
    const fetched = await t.api.call('GET', `/api/entry/${journalId}/${created._id}`, {
      token: alice.token,
    });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created);
  });

  it('needs content and a real calendar date; the title may be empty', async () => {
    const untitled = await t.addEntry(alice.token, journalId, {
      content: 'no title',
      date: '2028-02-29',
    });
    expect(untitled).toMatchObject({ title: '', date: '2028-02-29' });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 't', date: '2026-01-01' }, ENTRY_MESSAGES.newMissing],
      [{ title: 't', content: '   ', date: '2026-01-01' }, ENTRY_MESSAGES.newMissing],
      [{ title: 't', content: 'c' }, ENTRY_MESSAGES.dateMissing],
      [{ title: 't', content: 'c', date: '' }, ENTRY_MESSAGES.dateMissing],
      [{ title: 't', content: 'c', date: '2026-02-30' }, DATE_MESSAGES.invalid],
      [{ title: 't', content: 'c', date: '2027-02-29' }, DATE_MESSAGES.invalid],
      [{ title: 't', content: 'c', date: '2026-13-01' }, DATE_MESSAGES.invalid],
      [{ title: 't', content: 'c', date: '2026-1-5' }, DATE_MESSAGES.invalid],
      [{ title: 't', content: 'c', date: '2026-01-05T00:00:00Z' }, DATE_MESSAGES.invalid],
      [{ title: 't', content: 'c', date: 20260105 }, DATE_MESSAGES.invalid],
    ];
    for (const [body, message] of cases) {
      const response = await t.api.call('POST', `/api/entry/${journalId}`, {
        token: alice.token,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toBe(message);
    }
  });

  it("lists a journal's entries by full date, latest first, later-written first within a day", async () => {
    const own = await t.newJournal(alice.token);
    const dates = ['2026-01-05', '2025-12-31', '2026-01-30', '2026-02-01', '2026-01-05'];
    const made = [];
    for (const [i, date] of dates.entries())
      made.push(await t.addEntry(alice.token, own, { title: `#${i}`, content: 'c', date }));
    const response = await t.api.call('GET', `/api/entry/${own}`, { token: alice.token });
    expect(response.status).toBe(200);
    const list = entryList.parse(response.body);
    expect(list.map((e) => e.title)).toEqual(['#3', '#2', '#4', '#0', '#1']);
    expect(list.map((e) => e.date)).toEqual([
      '2026-02-01',
      '2026-01-30',
      '2026-01-05',
      '2026-01-05',
      '2025-12-31',
    ]);
    const empty = await t.api.call('GET', `/api/entry/${await t.newJournal(alice.token)}`, {
      token: alice.token,
    });
    expect(empty.body).toEqual([]);
  });

  it("answers the day's entry (the latest written) or {} for quick entry", async () => {
    const own = await t.newJournal(alice.token);
    await t.addEntry(alice.token, own, { title: 'first', content: 'a', date: '2026-07-04' });
    const latest = await t.addEntry(alice.token, own, {
      title: 'second',
      content: 'b',
      date: '2026-07-04',
    });
    await t.addEntry(alice.token, own, { title: 'next day', content: 'c', date: '2026-07-05' });
    const found = await t.api.call('GET', `/api/entry/${own}/dated?date=2026-07-04`, {
      token: alice.token,
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual(latest);
    const none = await t.api.call('GET', `/api/entry/${own}/dated?date=2026-07-03&_=123`, {
      token: alice.token,
    });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({});
    for (const query of [
      '',
      '?date=',
      '?date=2026-02-30',
      '?date=yesterday',
      '?date=2026-07-04&date=2026-07-05',
    ]) {
      const bad = await t.api.call('GET', `/api/entry/${own}/dated${query}`, {
        token: alice.token,
      });
      expect(bad.status, query).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    }
  });

  it('updates title and content (both required), keeping the date', async () => {
    const created = await t.addEntry(alice.token, journalId, {
      title: 'Draft',
      content: 'draft',
      date: '2026-04-01',
    });
    const updated = await t.api.call('PUT', `/api/entry/${journalId}/${created._id}`, {
      token: alice.token,
      body: { title: 'Final', content: 'final' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...created, title: 'Final', content: 'final' });
    for (const body of [
      { title: 'x' },
      { content: 'x' },
      { title: '', content: 'x' },
      { title: 'x', content: '  ' },
    ]) {
      const response = await t.api.call('PUT', `/api/entry/${journalId}/${created._id}`, {
        token: alice.token,
        body,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(ENTRY_MESSAGES.editMissing);
    }
    const moved = await t.api.call('PUT', `/api/entry/${journalId}/${created._id}`, {
      token: alice.token,
      body: { title: 'a', content: 'b', date: '2026-01-01' },
    });
    // A date is not part of an update: it is ignored (tolerant reader), the entry keeps its day.
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ ...updated.body, title: 'a', content: 'b' });
    const after = await t.api.call('GET', `/api/entry/${journalId}/${created._id}`, {
      token: alice.token,
    });
    expect(after.body).toEqual(moved.body);
    expect(after.body.date).toBe('2026-04-01');
  });

  it('deletes an entry', async () => {
    const created = await t.addEntry(alice.token, journalId, {
      title: 'Gone',
      content: 'soon',
      date: '2026-04-02',
    });
    const deleted = await t.api.call('DELETE', `/api/entry/${journalId}/${created._id}`, {
      token: alice.token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: ENTRY_MESSAGES.deleted });
    const again = await t.api.call('GET', `/api/entry/${journalId}/${created._id}`, {
      token: alice.token,
    });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: ENTRY_MESSAGES.notFound, code: 'entry_not_found' });
    expect(
      (await t.api.call('DELETE', `/api/entry/${journalId}/${created._id}`, { token: alice.token }))
        .status,
    ).toBe(404);
  });

  it('answers 404 for unknown journals and entries, and for an entry asked for under another journal', async () => {
    const created = await t.addEntry(alice.token, journalId, {
      title: 'Here',
      content: 'here',
      date: '2026-04-03',
    });
    const otherJournal = await t.newJournal(alice.token);
    for (const path of [
      `/api/entry/${UNKNOWN_ID}`,
      `/api/entry/not-an-id`,
      `/api/entry/${UNKNOWN_ID}/dated?date=2026-01-01`,
    ]) {
      const response = await t.api.call('GET', path, { token: alice.token });
      expect(response.body).toEqual({
        message: JOURNAL_MESSAGES.notFound,
        code: 'journal_not_found',
      });
    }
    const posted = await t.api.call('POST', `/api/entry/${UNKNOWN_ID}`, {
      token: alice.token,
      body: { title: 't', content: 'c', date: '2026-01-01' },
    });
    expect(posted.status).toBe(404);
    for (const [method, body] of [
      ['GET'],
      ['PUT', { title: 'a', content: 'b' }],
      ['DELETE'],
    ] as const) {
      for (const path of [
        `/api/entry/${otherJournal}/${created._id}`,
        `/api/entry/${journalId}/${UNKNOWN_ID}`,
        `/api/entry/${journalId}/x'--`,
      ]) {
        const response = await t.api.call(method, path, { token: alice.token, body });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.message).toBe(ENTRY_MESSAGES.notFound);
      }
    }
    const still = await t.api.call('GET', `/api/entry/${journalId}/${created._id}`, {
      token: alice.token,
    });
    expect(still.body).toEqual(created);
  });

  it("hides another user's journal and entries on every route and changes nothing", async () => {
    const created = await t.addEntry(alice.token, journalId, {
      title: 'Secret',
      content: 'secret words',
      date: '2026-04-04',
    });
    const bobsJournal = await t.newJournal(bob.token);
    const before = await t.api.call('GET', `/api/entry/${journalId}`, { token: alice.token });
    const admin = t.sessions.newUser('admin');
    for (const intruder of [bob, admin]) {
      const calls: [string, string, unknown?][] = [
        ['GET', `/api/entry/${journalId}`],
        ['POST', `/api/entry/${journalId}`, { title: 'planted', content: 'x', date: '2026-04-04' }],
        ['GET', `/api/entry/${journalId}/dated?date=2026-04-04`],
        ['GET', `/api/entry/${journalId}/${created._id}`],
        ['PUT', `/api/entry/${journalId}/${created._id}`, { title: 'Hacked', content: 'x' }],
        ['DELETE', `/api/entry/${journalId}/${created._id}`],
      ];
      for (const [method, path, body] of calls) {
        const response = await t.api.call(method, path, { token: intruder.token, body });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body).toEqual({
          message: JOURNAL_MESSAGES.notFound,
          code: 'journal_not_found',
        });
        expect(response.text).not.toContain('secret');
      }
    }
    // Alice's entry id under Bob's own journal is no way in either.
    for (const method of ['GET', 'DELETE']) {
      const response = await t.api.call(method, `/api/entry/${bobsJournal}/${created._id}`, {
        token: bob.token,
      });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(ENTRY_MESSAGES.notFound);
    }
    const after = await t.api.call('GET', `/api/entry/${journalId}`, { token: alice.token });
    expect(after.body).toEqual(before.body);
  });

  it('stores SQL and HTML metacharacters and 50,000 characters of content verbatim', async () => {
    const long = '日本語 '.repeat(12_500);
    const created = await t.addEntry(alice.token, journalId, {
      title: METACHARACTER_TEXT.slice(0, 200),
      content: long,
      date: '2026-04-05',
    });
    const meta = await t.addEntry(alice.token, journalId, {
      title: 'm',
      content: METACHARACTER_TEXT,
      date: '2026-04-05',
    });
    const fetched = await t.api.call('GET', `/api/entry/${journalId}/${created._id}`, {
      token: alice.token,
    });
    expect(fetched.body.content).toBe(long.trim());
    const fetchedMeta = await t.api.call('GET', `/api/entry/${journalId}/${meta._id}`, {
      token: alice.token,
    });
    expect(fetchedMeta.body.content).toBe(METACHARACTER_TEXT);
  });

  it('refuses hostile bodies with a 4xx and a message, never a 500, and changes nothing', async () => {
    const created = await t.addEntry(alice.token, journalId, {
      title: 'Stable',
      content: 'stable',
      date: '2026-04-06',
    });
    const before = await t.api.call('GET', `/api/entry/${journalId}`, { token: alice.token });
    const targets = [
      {
        method: 'POST',
        path: `/api/entry/${journalId}`,
        valid: { title: 'T', content: 'C', date: '2026-04-07' },
        optional: ['title'],
      },
      {
        method: 'PUT',
        path: `/api/entry/${journalId}/${created._id}`,
        valid: { title: 'T', content: 'C' },
        optional: [],
      },
    ];
    await expectHostileBodiesRefused(t.api, alice.token, targets);
    const hugeQuery = await t.api.call(
      'GET',
      `/api/entry/${journalId}/dated?date=${'9'.repeat(8_000)}`,
      { token: alice.token },
    );
    expect(hugeQuery.status).toBe(400);
    const after = await t.api.call('GET', `/api/entry/${journalId}`, { token: alice.token });
    expect(after.body).toEqual(before.body);
  });
});
