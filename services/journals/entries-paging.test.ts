import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES, entryList } from '@dayframe/contracts';
import { DATABASE_KINDS, nextLink, walkPages, type TestUser } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

describe.each(DATABASE_KINDS)("a journal's entries, paged over HTTP on %s", (kind) => {
  let t: JournalsTestApp;
  let alice: TestUser;
  let bob: TestUser;
  let journalId: string;
  /** Alice's entries in the spec's order: latest date first, later written first within a day. */
  let expected: string[];

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
    alice = t.sessions.newUser();
    bob = t.sessions.newUser();
    journalId = await t.newJournal(alice.token, 'J');
    // Same-day runs straddle page edges, so the keyset's tie-break on write order is exercised.
    const dates = [
      '2026-01-05',
      '2026-01-05',
      '2025-12-31',
      '2026-02-01',
      '2026-01-05',
      '2026-01-30',
      '2026-01-05',
      '2025-12-31',
      '2026-02-01',
      '2026-01-05',
      '2026-03-03',
    ];
    const written: { id: string; date: string; n: number }[] = [];
    for (const [n, date] of dates.entries()) {
      const made = await t.api.call('POST', `/api/entry/${journalId}`, {
        token: alice.token,
        body: { title: `#${n}`, content: 'c', date },
      });
      expect(made.status, made.text).toBe(201);
      written.push({ id: made.body._id, date, n });
    }
    expected = written
      .sort((a, b) => (a.date === b.date ? b.n - a.n : a.date < b.date ? 1 : -1))
      .map((e) => e.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('walks every entry exactly once, in order, across pages; Link only while more exist', async () => {
    for (const limit of [1, 3, 4, 11, 12]) {
      const { pages, items } = await walkPages(
        t.api,
        `/api/entry/${journalId}?limit=${limit}`,
        alice.token,
      );
      expect(
        items.map((e) => e._id),
        `limit ${limit}`,
      ).toEqual(expected);
      expect(pages.length, `limit ${limit}`).toBe(Math.max(1, Math.ceil(expected.length / limit)));
      for (const page of pages) entryList.parse(page);
      // Every page but the last is full; a page that ends exactly at the end carries no link.
      for (const page of pages.slice(0, -1)) expect(page.length).toBe(limit);
    }
  });

  it('answers the plain spec call with the first 50 and a next link, then the rest', async () => {
    const big = await t.newJournal(alice.token, 'J');
    for (let n = 0; n < 52; n += 1) {
      const made = await t.api.call('POST', `/api/entry/${big}`, {
        token: alice.token,
        body: { title: `#${n}`, content: 'c', date: '2026-05-01' },
      });
      expect(made.status).toBe(201);
    }
    const first = await t.api.call('GET', `/api/entry/${big}`, { token: alice.token });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(50);
    expect(first.body[0].title).toBe('#51');
    const link = nextLink(first.headers);
    expect(link).toMatch(new RegExp(`^/api/entry/${big}\\?cursor=[A-Za-z0-9_-]+$`));
    const second = await t.api.call('GET', link!, { token: alice.token });
    expect(second.body.map((e: { title: string }) => e.title)).toEqual(['#1', '#0']);
    expect(second.headers.get('link')).toBeNull();
    const empty = await t.api.call('GET', `/api/entry/${await t.newJournal(alice.token, 'J')}`, {
      token: alice.token,
    });
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('link')).toBeNull();
  });

  it('keeps the position when entries are added or deleted between pages', async () => {
    const first = await t.api.call('GET', `/api/entry/${journalId}?limit=4`, {
      token: alice.token,
    });
    const link = nextLink(first.headers)!;
    // A newer entry lands before the cursor; it must not shift what the next page holds.
    const newer = await t.api.call('POST', `/api/entry/${journalId}`, {
      token: alice.token,
      body: { title: 'newer', content: 'c', date: '2027-01-01' },
    });
    const second = await t.api.call('GET', link, { token: alice.token });
    expect(second.body.map((e: { _id: string }) => e._id)).toEqual(expected.slice(4, 8));
    await t.api.call('DELETE', `/api/entry/${journalId}/${newer.body._id}`, { token: alice.token });
  });

  it('refuses a garbage cursor, a bad limit and a cursor of another list with a 400', async () => {
    const bobsJournal = await t.newJournal(bob.token, 'J');
    for (let n = 0; n < 3; n += 1)
      await t.api.call('POST', `/api/entry/${bobsJournal}`, {
        token: bob.token,
        body: { title: `bob ${n}`, content: 'bob secret', date: '2026-06-01' },
      });
    const bobsPage = await t.api.call('GET', `/api/entry/${bobsJournal}?limit=1`, {
      token: bob.token,
    });
    const bobsCursor = new URL(nextLink(bobsPage.headers)!, 'http://x').searchParams.get('cursor')!;
    const garbage = [
      'nope',
      '%%%',
      Buffer.from('{"j":1}').toString('base64url'),
      Buffer.from(JSON.stringify({ j: journalId, d: '2026-02-30', s: 1 })).toString('base64url'),
      Buffer.from(JSON.stringify({ j: journalId, d: '2026-02-01', s: -1 })).toString('base64url'),
      Buffer.from("' OR 1=1 --").toString('base64url'),
      'x'.repeat(600),
      bobsCursor,
    ];
    for (const cursor of garbage) {
      const response = await t.api.call(
        'GET',
        `/api/entry/${journalId}?cursor=${encodeURIComponent(cursor)}`,
        { token: alice.token },
      );
      expect(response.status, cursor).toBe(400);
      expect(response.body).toEqual({ message: PAGING_MESSAGES.badCursor, code: 'invalid_cursor' });
      expect(response.text).not.toContain('bob');
    }
    const twice = await t.api.call('GET', `/api/entry/${journalId}?cursor=a&cursor=b`, {
      token: alice.token,
    });
    expect(twice.status).toBe(400);
    for (const limit of ['0', '101', '-1', '2.5', 'ten', '', '1e2', '1&limit=2']) {
      const response = await t.api.call('GET', `/api/entry/${journalId}?limit=${limit}`, {
        token: alice.token,
      });
      expect(response.status, limit).toBe(400);
      expect(response.body).toEqual({
        message: PAGING_MESSAGES.badLimit,
        code: 'validation_failed',
      });
    }
    const largest = await t.api.call('GET', `/api/entry/${journalId}?limit=100`, {
      token: alice.token,
    });
    expect(largest.status).toBe(200);
    // Bob's cursor on Bob's own journal works; on Alice's journal, Bob still finds no journal.
    const bobsNext = await t.api.call('GET', nextLink(bobsPage.headers)!, { token: bob.token });
    expect(bobsNext.status).toBe(200);
    const intruding = await t.api.call('GET', `/api/entry/${journalId}?cursor=${bobsCursor}`, {
      token: bob.token,
    });
    expect(intruding.status).toBe(404);
  });
});
