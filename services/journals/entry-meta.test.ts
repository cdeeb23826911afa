import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTRY_MESSAGES,
  INSIGHTS_MESSAGES,
  TAG_MESSAGES,
  entriesWindow,
  entryList,
  moodResponse,
  tagList,
} from '@dayframe/contracts';
import { DATABASE_KINDS, walkPages, type TestUser } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

describe.each(DATABASE_KINDS)('tags, mood and star of entries (issue 25) on %s', (kind) => {
  let t: JournalsTestApp;
  let alice: TestUser;
  let bob: TestUser;
  let journalId: string;

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
    alice = t.sessions.newUser();
    bob = t.sessions.newUser();
    journalId = await t.newJournal(alice.token, 'Trip to Rome');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: string, path: string, token: string, body?: unknown) =>
    t.api.call(method, path, { token, body });

  it('answers new entries with no tags, no mood and not starred', async () => {
    const made = await t.addEntry(alice.token, journalId, { content: 'plain', date: '2026-01-01' });
    expect(made).toMatchObject({ tags: [], mood: null, starred: false });
  });

  it('normalises tags, merges #word tags of title and content in order, drops repeats', async () => {
    const made = await t.addEntry(alice.token, journalId, {
      title: 'Day one #Roma',
      content: '# Heading\nWe ate #gelato, then #1 and a#b and #Gelato again. (#café) ##x',
      date: '2026-01-02',
      tags: ['Travel', 'food_2', 'travel', ' roma '],
      mood: 4,
      starred: true,
    });
    expect(made.tags).toEqual(['travel', 'food_2', 'roma', 'gelato', 'café']);
    expect(made.mood).toBe(4);
    expect(made.starred).toBe(true);
    const read = await call('GET', `/api/entry/${journalId}/${made._id}`, alice.token);
    expect(read.body).toMatchObject({ tags: made.tags, mood: 4, starred: true });
  });

  it('refuses a bad tag naming it, more than 20 tags, and a bad mood; nothing is written', async () => {
    const before = await call('GET', `/api/entry/${journalId}?limit=100`, alice.token);
    const bad: [Record<string, unknown>, string][] = [
      [{ tags: ['a b'] }, 'Tag "a b" must be 1–32 letters, digits, - or _'],
      [{ tags: ['x'.repeat(33)] }, ENTRY_MESSAGES.badTag('x'.repeat(33))],
      [{ tags: [''] }, ENTRY_MESSAGES.badTag('')],
      [{ tags: 'travel' }, ENTRY_MESSAGES.tagsNotList],
      [{ tags: [1] }, ENTRY_MESSAGES.tagsNotList],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, ENTRY_MESSAGES.tooManyTags],
      // 19 explicit and two #words make 21.
      [
        { tags: Array.from({ length: 19 }, (_, i) => `t${i}`), content: '#one #two' },
        'An entry can have at most 20 tags',
      ],
      [{ mood: 0 }, 'Mood must be a whole number from 1 to 5'],
      [{ mood: 6 }, ENTRY_MESSAGES.badMood],
      [{ mood: 2.5 }, ENTRY_MESSAGES.badMood],
      [{ mood: '3' }, ENTRY_MESSAGES.badMood],
      [{ starred: 'yes' }, ENTRY_MESSAGES.badStarred],
    ];
    for (const [extra, message] of bad) {
      const response = await call('POST', `/api/entry/${journalId}`, alice.token, {
        content: 'x',
        date: '2026-01-03',
        ...extra,
      });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const after = await call('GET', `/api/entry/${journalId}?limit=100`, alice.token);
    expect(after.body).toEqual(before.body);
  });

  it('keeps tags, mood and star on a PUT without them; sets, merges and clears them on one with them', async () => {
    const made = await t.addEntry(alice.token, journalId, {
      content: 'start #first',
      date: '2026-01-04',
      tags: ['kept'],
      mood: 2,
      starred: true,
    });
    const path = `/api/entry/${journalId}/${made._id}`;
    // An older client: title and content only. A new #word joins the tags kept.
    const old = await call('PUT', path, alice.token, { title: 'T', content: 'edited #second' });
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ tags: ['kept', 'first', 'second'], mood: 2, starred: true });
    const set = await call('PUT', path, alice.token, {
      title: 'T',
      content: 'edited #second',
      tags: ['new'],
      mood: null,
      starred: false,
    });
    expect(set.body).toMatchObject({ tags: ['new', 'second'], mood: null, starred: false });
    const bad = await call('PUT', path, alice.token, { title: 'T', content: 'c', mood: 9 });
    expect(bad.status).toBe(400);
    expect((await call('GET', path, alice.token)).body).toMatchObject({
      content: 'edited #second',
      tags: ['new', 'second'],
      mood: null,
    });
  });

  it('stars and unstars in one click; 400 for a bad body, 404 for another user', async () => {
    const made = await t.addEntry(alice.token, journalId, {
      content: 'star me',
      date: '2026-01-05',
    });
    const path = `/api/entry/${journalId}/${made._id}/star`;
    const starred = await call('PUT', path, alice.token, { starred: true });
    expect(starred.status).toBe(200);
    expect(starred.body).toMatchObject({ _id: made._id, content: 'star me', starred: true });
    expect((await call('PUT', path, alice.token, {})).body.message).toBe(ENTRY_MESSAGES.badStarred);
    expect((await call('PUT', path, bob.token, { starred: false })).status).toBe(404);
    const off = await call('PUT', path, alice.token, { starred: false });
    expect(off.body.starred).toBe(false);
  });

  it("lists starred entries and a tag's entries newest first, paged with Link, the caller's own only", async () => {
    const other = await t.newJournal(alice.token, 'Other');
    const made: { id: string; date: string; n: number }[] = [];
    const dates = ['2025-03-01', '2025-03-03', '2025-03-01', '2025-02-01', '2025-03-03'];
    for (const [n, date] of dates.entries()) {
      const entry = await t.addEntry(alice.token, n % 2 ? other : journalId, {
        content: `paged ${n} #pagedtag`,
        date,
        starred: true,
      });
      made.push({ id: entry._id, date, n });
    }
    const bobJournal = await t.newJournal(bob.token);
    await t.addEntry(bob.token, bobJournal, {
      content: '#pagedtag',
      date: '2025-03-02',
      starred: true,
    });
    const expected = made
      .sort((a, b) => (a.date === b.date ? b.n - a.n : a.date < b.date ? 1 : -1))
      .map((e) => e.id);
    const tagged = await walkPages(t.api, '/api/tags/PagedTag/entries?limit=2', alice.token);
    expect(tagged.items.map((e) => e._id)).toEqual(expected);
    expect(tagged.pages).toHaveLength(3);
    for (const page of tagged.pages) entryList.parse(page);
    const starred = await walkPages(t.api, '/api/entries/starred?limit=2', alice.token);
    // Earlier tests starred one entry of 2026 (still starred), which sorts first.
    const starredIds = starred.items.map((e) => e._id);
    expect(starredIds.slice(-5)).toEqual(expected);
    expect(starred.items.every((e) => e.starred)).toBe(true);
    // A cursor of one list is refused by another.
    const first = await call('GET', '/api/tags/pagedtag/entries?limit=1', alice.token);
    const cursor = /cursor=([^&>]+)/.exec(first.headers.get('link') ?? '')![1];
    expect((await call('GET', `/api/entries/starred?cursor=${cursor}`, alice.token)).status).toBe(
      400,
    );
    expect((await call('GET', '/api/tags/nosuchtag/entries', alice.token)).body).toEqual([]);
    const badTag = await call('GET', `/api/tags/${encodeURIComponent('a b')}/entries`, alice.token);
    expect(badTag.status).toBe(400);
    expect(badTag.body.message).toBe(ENTRY_MESSAGES.badTag('a b'));
    expect((await t.api.call('GET', '/api/tags')).status).toBe(401);
    expect((await t.api.call('GET', '/api/entries/starred')).status).toBe(401);
  });

  it("counts tags, most used first then by name, the caller's own only", async () => {
    const user = t.sessions.newUser();
    const j = await t.newJournal(user.token);
    await t.addEntry(user.token, j, { content: '#b #a', date: '2026-02-01' });
    await t.addEntry(user.token, j, { content: '#c', date: '2026-02-02', tags: ['a'] });
    await t.addEntry(user.token, j, { content: 'x', date: '2026-02-03', tags: ['zeta', 'c'] });
    const listed = await call('GET', '/api/tags', user.token);
    expect(tagList.parse(listed.body)).toEqual([
      { tag: 'a', count: 2 },
      { tag: 'c', count: 2 },
      { tag: 'b', count: 1 },
      { tag: 'zeta', count: 1 },
    ]);
    expect((await call('GET', '/api/tags', t.sessions.newUser().token)).body).toEqual([]);
  });

  it('renames a tag across entries, merging and rewriting #words; 404 for an unknown tag', async () => {
    const user = t.sessions.newUser();
    const j = await t.newJournal(user.token);
    const one = await t.addEntry(user.token, j, {
      title: '#Trip',
      content: 'A #trip.',
      date: '2026-03-01',
    });
    const both = await t.addEntry(user.token, j, {
      content: 'x',
      date: '2026-03-02',
      tags: ['trip', 'food', 'travel'],
    });
    const untouched = await t.addEntry(user.token, j, { content: '#food', date: '2026-03-03' });
    const bobsJ = await t.newJournal(bob.token);
    const bobs = await t.addEntry(bob.token, bobsJ, { content: '#trip', date: '2026-03-01' });

    const renamed = await call('PUT', '/api/tags/TRIP', user.token, { tag: 'Travel' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({ tag: 'travel', entries: 2 });
    const get = async (id: string, token = user.token, jid = j) =>
      (await call('GET', `/api/entry/${jid}/${id}`, token)).body;
    expect(await get(one._id)).toMatchObject({
      title: '#travel',
      content: 'A #travel.',
      tags: ['travel'],
    });
    expect((await get(both._id)).tags).toEqual(['travel', 'food']);
    expect((await get(untouched._id)).tags).toEqual(['food']);
    expect(await get(bobs._id, bob.token, bobsJ)).toMatchObject({
      content: '#trip',
      tags: ['trip'],
    });
    // Saved again unchanged, the old tag does not come back.
    const again = await call('PUT', `/api/entry/${j}/${one._id}`, user.token, {
      title: '#travel',
      content: 'A #travel.',
    });
    expect(again.body.tags).toEqual(['travel']);
    expect((await call('GET', '/api/tags', user.token)).body).toEqual([
      { tag: 'food', count: 2 },
      { tag: 'travel', count: 2 },
    ]);
    const missing = await call('PUT', '/api/tags/trip', user.token, { tag: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(TAG_MESSAGES.notFound);
    const badNew = await call('PUT', '/api/tags/travel', user.token, { tag: 'a b' });
    expect(badNew.status).toBe(400);
    expect(badNew.body.message).toBe(ENTRY_MESSAGES.badTag('a b'));
    expect((await call('PUT', '/api/tags/travel', user.token, {})).status).toBe(400);
    // Bob's tag of the same name is his: renaming it for the user never reaches him.
    expect((await call('PUT', '/api/tags/trip', bob.token, { tag: 'bobs' })).body).toEqual({
      tag: 'bobs',
      entries: 1,
    });
  });

  it('deletes a tag from every entry, turning #tag into the plain word', async () => {
    const user = t.sessions.newUser();
    const j = await t.newJournal(user.token);
    const one = await t.addEntry(user.token, j, {
      content: 'Went #hiking today',
      date: '2026-04-01',
    });
    await t.addEntry(user.token, j, { content: 'x', date: '2026-04-02', tags: ['hiking', 'keep'] });
    const deleted = await call('DELETE', '/api/tags/hiking', user.token);
    expect(deleted.body).toEqual({ message: 'Tag deleted', entries: 2 });
    expect((await call('GET', `/api/entry/${j}/${one._id}`, user.token)).body).toMatchObject({
      content: 'Went hiking today',
      tags: [],
    });
    expect((await call('GET', '/api/tags', user.token)).body).toEqual([{ tag: 'keep', count: 1 }]);
    expect((await call('DELETE', '/api/tags/hiking', user.token)).status).toBe(404);
    // Deleting an entry takes its tags along.
    const gone = await t.addEntry(user.token, j, { content: '#brief', date: '2026-04-03' });
    await call('DELETE', `/api/entry/${j}/${gone._id}`, user.token);
    expect((await call('GET', '/api/tags', user.token)).body).toEqual([{ tag: 'keep', count: 1 }]);
  });

  it('averages moods per day in a window of at most 400 days; validates the window', async () => {
    const user = t.sessions.newUser();
    const j = await t.newJournal(user.token);
    for (const [date, mood] of [
      ['2026-11-20', 3],
      ['2026-11-20', 4],
      ['2026-11-20', null],
      ['2026-11-22', 5],
      ['2026-11-25', 1],
    ] as const)
      await t.addEntry(user.token, j, { content: 'm', date, mood });
    await t.addEntry(bob.token, await t.newJournal(bob.token), {
      content: 'm',
      date: '2026-11-21',
      mood: 1,
    });
    const answer = await call(
      'GET',
      '/api/insights/mood?from=2026-11-20&to=2026-11-24',
      user.token,
    );
    expect(moodResponse.parse(answer.body)).toEqual([
      { date: '2026-11-20', average: 3.5, entries: 2 },
      { date: '2026-11-22', average: 5, entries: 1 },
    ]);
    const year = await call('GET', '/api/insights/mood?from=2025-11-01&to=2026-12-05', user.token);
    expect(year.status).toBe(200); // 400 days, both included
    const cases: [string, string][] = [
      ['from=2025-11-01&to=2026-12-06', INSIGHTS_MESSAGES.moodTooLong],
      ['from=2026-11-25&to=2026-11-20', INSIGHTS_MESSAGES.fromAfterTo],
      ['to=2026-11-20', INSIGHTS_MESSAGES.fromMissing],
      ['from=2026-02-30&to=2026-03-01', 'Dates must be real calendar dates written YYYY-MM-DD'],
    ];
    for (const [query, message] of cases) {
      const response = await call('GET', `/api/insights/mood?${query}`, user.token);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toBe(message);
    }
    expect(INSIGHTS_MESSAGES.moodTooLong).toBe('Ask for at most 400 days of moods at a time');
    expect(
      (await t.api.call('GET', '/api/insights/mood?from=2026-11-20&to=2026-11-24')).status,
    ).toBe(401);
  });

  it('carries tags, mood and star into the calendar window and on-this-day', async () => {
    const user = t.sessions.newUser();
    const j = await t.newJournal(user.token);
    await t.addEntry(user.token, j, {
      content: '#cal',
      date: '2025-06-10',
      mood: 5,
      starred: true,
    });
    const window = entriesWindow.parse(
      await t.journals.entriesBetween(user.id, '2025-06-01', '2025-06-30'),
    );
    expect(window.entries[0]).toMatchObject({ tags: ['cal'], mood: 5, starred: true });
    const past = await call('GET', '/api/insights/on-this-day?date=2026-06-10', user.token);
    expect(past.body.entries[0]).toMatchObject({ tags: ['cal'], mood: 5, starred: true });
  });
});
