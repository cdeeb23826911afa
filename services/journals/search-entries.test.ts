import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_MESSAGES,
  entrySearchResponse,
  type EntrySearchResponse,
} from '@dayframe/contracts';
import { silentLogger } from '@dayframe/service-kit/http';
import { isMysql, migrate } from '@dayframe/service-kit/db';
import {
  DATABASE_KINDS,
  apiClient,
  listen,
  openTestDatabase,
  testSessions,
  type TestUser,
  testServiceSecret,
} from '@dayframe/test-kit';
import { migrations } from './data/migrations.ts';
import { createJournals } from './mod.ts';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

describe.each(DATABASE_KINDS)('entry search over HTTP on %s', (kind) => {
  let t: JournalsTestApp;
  let alice: TestUser;
  let bob: TestUser;
  let journalId: string;

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
    alice = t.sessions.newUser();
    bob = t.sessions.newUser();
    journalId = await t.newJournal(alice.token, 'Travels');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function addEntry(
    token: string,
    body: { title?: string; content: string; date: string },
    inJournal = journalId,
  ) {
    return t.addEntry(token, inJournal, body);
  }

  async function search(q: string, token = alice.token, more = ''): Promise<EntrySearchResponse> {
    const response = await t.api.call(
      'GET',
      `/api/search/entries?q=${encodeURIComponent(q)}${more}`,
      { token },
    );
    expect(response.status, `${q}: ${response.text}`).toBe(200);
    return entrySearchResponse.parse(response.body);
  }

  const ids = (found: EntrySearchResponse) => found.results.map((r) => r._id);

  /** SQLite's own check that the FTS5 index holds exactly what the entries table holds. */
  async function indexIsInStep() {
    if (!isMysql(t.db))
      await t.db.raw(`INSERT INTO entries_search(entries_search) VALUES ('integrity-check')`);
  }

  it('answers snippets as plain text, Markdown stripped, the highlights on the words shown', async () => {
    const user = t.sessions.newUser();
    const journal = await t.newJournal(user.token, 'Notes');
    await addEntry(
      user.token,
      { title: 'Marked', content: '**bold** [link](https://x) and `kumquat`', date: '2026-02-01' },
      journal,
    );
    const [found] = (await search('kumquat', user.token)).results;
    expect(found!.snippet).toBe('bold link and kumquat');
    expect(found!.snippet).not.toContain('**');
    expect(found!.highlights.map(([s, e]) => found!.snippet.slice(s, e))).toEqual(['kumquat']);
    // A word inside the marks is found, and marked where it shows.
    const [bold] = (await search('bold', user.token)).results;
    expect(bold!.highlights.map(([s, e]) => bold!.snippet.slice(s, e))).toEqual(['bold']);
  });

  it('refuses a search without a token', async () => {
    expect((await t.api.call('GET', '/api/search/entries?q=x')).status).toBe(401);
  });

  it("answers 400 'Type something to search' for a missing or blank q, and 400 for bad paging", async () => {
    for (const query of ['', '?q=', '?q=%20%20%20', '?limit=5']) {
      const response = await t.api.call('GET', `/api/search/entries${query}`, {
        token: alice.token,
      });
      expect(response.status, query).toBe(400);
      expect(response.body).toEqual({
        message: SEARCH_MESSAGES.empty,
        code: 'validation_failed',
      });
    }
    for (const [query, message] of [
      ['q=a&limit=0', SEARCH_MESSAGES.limit],
      ['q=a&limit=51', SEARCH_MESSAGES.limit],
      ['q=a&limit=ten', SEARCH_MESSAGES.limit],
      ['q=a&limit=-1', SEARCH_MESSAGES.limit],
      ['q=a&limit=2.5', SEARCH_MESSAGES.limit],
      ['q=a&offset=-1', SEARCH_MESSAGES.offset],
      ['q=a&offset=x', SEARCH_MESSAGES.offset],
      ['q=a&offset=10001', SEARCH_MESSAGES.offset],
      ['q=a&q=b', SEARCH_MESSAGES.notText],
      [`q=${'x'.repeat(201)}`, SEARCH_MESSAGES.tooLong],
      [`q=${'ab '.repeat(13)}`, SEARCH_MESSAGES.tooManyWords],
    ]) {
      const response = await t.api.call('GET', `/api/search/entries?${query}`, {
        token: alice.token,
      });
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toBe(message);
    }
  });

  it('matches title and content, ignoring case and accents', async () => {
    const cafe = await addEntry(alice.token, {
      title: 'Morning',
      content: 'Coffee at the little CAFÉ by the station.',
      date: '2026-01-10',
    });
    const titled = await addEntry(alice.token, {
      title: 'Résumé rewrite',
      content: 'Spent the evening on it.',
      date: '2026-01-11',
    });
    expect(ids(await search('cafe'))).toEqual([cafe._id]);
    expect(ids(await search('Café'))).toEqual([cafe._id]);
    expect(ids(await search('cafe\u0301'))).toEqual([cafe._id]); // typed with a combining accent
    expect(ids(await search('STATION'))).toEqual([cafe._id]);
    expect(ids(await search('resume'))).toEqual([titled._id]);
    expect(ids(await search('RÉSUMÉ REWRITE'))).toEqual([titled._id]);
  });

  it('matches the last word as a prefix and needs every word', async () => {
    const own = await t.newJournal(alice.token, 'Prefixes');
    const writing = await addEntry(
      alice.token,
      { title: 'Habits', content: 'Journaling every morning with tea.', date: '2026-02-01' },
      own,
    );
    expect(ids(await search('journ'))).toEqual([writing._id]);
    expect(ids(await search('morning journ'))).toEqual([writing._id]);
    expect(ids(await search('tea journaling habits'))).toEqual([writing._id]);
    // Only the last word is a prefix; every word must be there.
    expect((await search('journ morning')).total).toBe(0);
    expect((await search('journaling zebra')).total).toBe(0);
    expect((await search('zebra journaling')).total).toBe(0);
  });

  it('finds short words and stopwords as whole words, on both databases', async () => {
    const own = await t.newJournal(alice.token, 'Short words');
    const todo = await addEntry(
      alice.token,
      { title: 'List', content: 'Things to do: go to the ox farm.', date: '2026-02-02' },
      own,
    );
    const tomato = await addEntry(
      alice.token,
      { title: 'Kitchen', content: 'Tomato dough with oxtail stock.', date: '2026-02-03' },
      own,
    );
    expect(ids(await search('to do'))).toEqual([todo._id]);
    expect(ids(await search('the ox farm'))).toEqual([todo._id]);
    expect(ids(await search('ox'))).toEqual([tomato._id, todo._id]); // "ox" and "ox…" by prefix, newest first
    expect(ids(await search('ox farm'))).toEqual([todo._id]);
    expect(ids(await search('dough with'))).toEqual([tomato._id]); // a stopword, last
    expect(ids(await search('doug'))).toEqual([tomato._id]);
  });

  it('ranks by relevance, then newest first', async () => {
    const own = await t.newJournal(alice.token, 'Ranking');
    const older = await addEntry(
      alice.token,
      { title: 'Quokka day', content: 'A quokka, then another quokka.', date: '2020-05-01' },
      own,
    );
    const plainOld = await addEntry(
      alice.token,
      {
        title: 'Zoo',
        content: 'We saw a quokka and many other animals there.',
        date: '2021-05-01',
      },
      own,
    );
    const plainNew = await addEntry(
      alice.token,
      {
        title: 'Zoo',
        content: 'We saw a quokka and many other animals there.',
        date: '2024-05-01',
      },
      own,
    );
    expect(ids(await search('quokka'))).toEqual([older._id, plainNew._id, plainOld._id]);
  });

  it('answers journal, date, a plain-text snippet of at most about 200 characters and highlight offsets', async () => {
    const journal = await t.newJournal(alice.token, 'Long reads');
    const before = 'Earlier that week nothing much happened at all. '.repeat(8);
    const after = ' And then we went home by train. '.repeat(8);
    const created = await addEntry(
      alice.token,
      {
        title: 'The trip',
        content: `${before}We finally reached Zürich <script>alert(1)</script> and its lakeside.${after}`,
        date: '2025-07-14',
      },
      journal,
    );
    const found = await search('zurich lakes');
    expect(found.total).toBe(1);
    const [result] = found.results;
    expect(result).toMatchObject({
      _id: created._id,
      journalId: journal,
      journalTitle: 'Long reads',
      title: 'The trip',
      date: '2025-07-14',
    });
    expect(result!.snippet.length).toBeLessThanOrEqual(200);
    expect(result!.snippet).toContain('Zürich <script>alert(1)</script> and its lakeside.');
    expect(result!.snippet.startsWith('…')).toBe(true);
    expect(result!.snippet.endsWith('…')).toBe(true);
    expect(result!.highlights.map(([s, e]) => result!.snippet.slice(s, e))).toEqual([
      'Zürich',
      'lakes',
    ]);

    // Matched by the title alone: the beginning of the text, nothing highlighted.
    const byTitle = (await search('trip')).results[0]!;
    expect(byTitle.snippet.startsWith('Earlier that week')).toBe(true);
    expect(byTitle.highlights).toEqual([]);
  });

  it('pages with limit and offset (20 by default, at most 50) and counts every match', async () => {
    const own = await t.newJournal(alice.token, 'Paging');
    const made: string[] = [];
    for (let i = 0; i < 25; i++) {
      const day = String(i + 1).padStart(2, '0');
      made.push(
        (
          await addEntry(
            alice.token,
            { content: `pelican number ${i}`, date: `2019-03-${day}` },
            own,
          )
        )._id,
      );
    }
    const newestFirst = [...made].reverse();
    const first = await search('pelican');
    expect(first.total).toBe(25);
    expect(ids(first)).toEqual(newestFirst.slice(0, 20));
    const second = await search('pelican', alice.token, '&limit=10&offset=20');
    expect(second.total).toBe(25);
    expect(ids(second)).toEqual(newestFirst.slice(20));
    const all = await search('pelican', alice.token, '&limit=50');
    expect(ids(all)).toEqual(newestFirst);
    const past = await search('pelican', alice.token, '&offset=30');
    expect(past).toEqual({ results: [], total: 25 });
    // Short words take another road on MariaDB; paging is the same.
    const shortWords = await search('pelican number 1', alice.token, '&limit=2&offset=1');
    expect(shortWords.total).toBe(11); // 1 and 10–19
    expect(shortWords.results).toHaveLength(2);
  });

  it('keeps the index in step with every update and deletion', async () => {
    const own = await t.newJournal(alice.token, 'Changes');
    const changed = await addEntry(
      alice.token,
      { title: 'Wombat', content: 'A wombat dug a hole.', date: '2026-03-01' },
      own,
    );
    expect(ids(await search('wombat'))).toEqual([changed._id]);
    const updated = await t.api.call('PUT', `/api/entry/${own}/${changed._id}`, {
      token: alice.token,
      body: { title: 'Badger', content: 'A badger dug a hole.' },
    });
    expect(updated.status).toBe(200);
    expect((await search('wombat')).total).toBe(0);
    expect(ids(await search('badger'))).toEqual([changed._id]);
    await indexIsInStep();

    const deleted = await t.api.call('DELETE', `/api/entry/${own}/${changed._id}`, {
      token: alice.token,
    });
    expect(deleted.status).toBe(200);
    expect((await search('badger')).total).toBe(0);
    await indexIsInStep();

    // A whole journal, and a row removed by any other path, leave the index too.
    const inJournal = await addEntry(
      alice.token,
      { content: 'narwhal sighting', date: '2026-03-02' },
      own,
    );
    const direct = await addEntry(alice.token, { content: 'narwhal again', date: '2026-03-03' });
    expect((await search('narwhal')).total).toBe(2);
    expect(
      (await t.api.call('DELETE', `/api/journals/${own}`, { token: alice.token })).status,
    ).toBe(200);
    expect(ids(await search('narwhal'))).toEqual([direct._id]);
    await t.db('entries').where({ id: direct._id }).delete();
    expect((await search('narwhal')).total).toBe(0);
    expect(inJournal._id).not.toBe(direct._id);
    await indexIsInStep();
  });

  it("never finds another user's entries, and account deletion removes them from the index", async () => {
    const carol = t.sessions.newUser();
    const bobs = await t.newJournal(bob.token, 'Bob');
    const carols = await t.newJournal(carol.token, 'Carol');
    const bobEntry = await addEntry(
      bob.token,
      { content: 'secret axolotl plans', date: '2026-04-01' },
      bobs,
    );
    await addEntry(carol.token, { content: 'axolotl tank', date: '2026-04-01' }, carols);
    expect((await search('axolotl')).total).toBe(0);
    expect((await search('secret axo')).total).toBe(0);
    expect(ids(await search('axolotl', bob.token))).toEqual([bobEntry._id]);

    await t.journals.deleteAccountData(carol.id);
    expect((await search('axolotl', carol.token)).total).toBe(0);
    expect((await search('axolotl', bob.token)).total).toBe(1);
    await indexIsInStep();
  });

  it('answers anything a person can type with 200 or a clear 400, never a 500', async () => {
    await addEntry(alice.token, {
      title: 'Operators',
      content: 'near and or not: a "quoted" phrase, a + b - c (brackets) 🎉 party',
      date: '2026-05-01',
    });
    const hostile = [
      '"',
      '""',
      "'",
      '*',
      '-',
      '+',
      '(',
      ')',
      'NEAR',
      'AND',
      'OR',
      'NOT',
      'NEAR(a b)',
      'a AND b',
      'near/3',
      '-party',
      '+party',
      'party*',
      '"party',
      'par"ty',
      '(party)',
      'party -near',
      '🎉',
      '🎉party🎉',
      '👍🏽',
      '!'.repeat(200),
      '*'.repeat(200),
      '"()*+-<>~@'.repeat(20),
      "'; DROP TABLE entries; --",
      '%',
      '_',
      '\\',
      'title:party',
      'content: party',
      '^party',
      '{title content}: party',
      '@party',
      '~party',
      '>party <near',
      'a'.repeat(200),
      'ß',
      '日本語',
      '\u0000',
      '\u200b',
      'party\u0000near',
      'x'.repeat(201),
      'a b c d e f g h i j k l m n',
    ];
    for (const q of hostile) {
      const response = await t.api.call('GET', `/api/search/entries?q=${encodeURIComponent(q)}`, {
        token: alice.token,
      });
      expect([200, 400], `${JSON.stringify(q)}: ${response.text}`).toContain(response.status);
      if (response.status === 400) expect(typeof response.body.message).toBe('string');
      else entrySearchResponse.parse(response.body);
    }
    for (const raw of ['%', '%E0%A4%A', '%FF', '%00', 'party%2A%22']) {
      const response = await t.api.call('GET', `/api/search/entries?q=${raw}`, {
        token: alice.token,
      });
      expect([200, 400], raw).toContain(response.status);
    }
    // Full-text syntax is plain words: these still find the entry.
    for (const q of ['party*', '"party', '+party', '(party)', '🎉party🎉', 'NEAR and']) {
      expect((await search(q)).total, q).toBe(1);
    }
    // Since issue 25 a leading `-` excludes the word (search-operators.test.ts).
    expect((await search('operators -party')).total).toBe(0);
    expect((await search('operators')).total).toBe(1);
    // Nothing but punctuation or emoji has no word to look for.
    expect(await search('!'.repeat(200))).toEqual({ results: [], total: 0 });
    expect(await search('🎉')).toEqual({ results: [], total: 0 });
  });
});

describe.each(DATABASE_KINDS)('the search migration on %s', (kind) => {
  it('indexes the entries written before it ran', async () => {
    const database = await openTestDatabase(kind);
    try {
      const sessions = testSessions();
      const writer = sessions.newUser();
      // The schema as it was before search, with an entry already written.
      await migrate(database.db, 'journals', migrations.slice(0, 1));
      await database.db('journals').insert({
        id: '11111111-1111-4111-8111-111111111111',
        user_id: writer.id,
        title: 'Old',
        description: '',
        created_at: '2020-01-01T00:00:00.000Z',
      });
      await database.db('entries').insert({
        id: '22222222-2222-4222-8222-222222222222',
        journal_id: '11111111-1111-4111-8111-111111111111',
        user_id: writer.id,
        title: 'Before search',
        content: 'An old entry about a pangolin.',
        date: '2020-01-02',
        created_at: '2020-01-02T00:00:00.000Z',
      });
      const journals = createJournals({
        db: database.db,
        tokens: sessions.tokens,
        checkSession: sessions.checkSession,
        serviceKey: testServiceSecret().key,
        log: silentLogger(),
      });
      await journals.migrate();
      const server = await listen(journals.app.callback());
      try {
        const found = await apiClient(server.url).call('GET', '/api/search/entries?q=pangolin', {
          token: writer.token,
        });
        expect(found.status).toBe(200);
        expect(found.body).toMatchObject({
          total: 1,
          results: [{ _id: '22222222-2222-4222-8222-222222222222', journalTitle: 'Old' }],
        });
      } finally {
        await server.close();
      }
    } finally {
      await database.close();
    }
  });
});
