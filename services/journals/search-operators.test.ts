import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES, entrySearchResponse, tagsInText } from '@dayframe/contracts';
import { DATABASE_KINDS, type TestUser } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';
import { parseEntrySearch } from './search-operators.ts';

describe('reading search operators', () => {
  it('takes operators out and leaves the rest as words, phrases and exclusions', () => {
    expect(
      parseEntrySearch(
        'tag:#Travel mood:>=4 journal:"Trip to Rome" after:2025-01-01 sun "Big Day" -rain is:Starred foo:bar',
      ),
    ).toEqual({
      words: ['sun', 'foo', 'bar'],
      phrases: [['big', 'day']],
      excluded: [['rain']],
      filters: [
        { kind: 'tag', tag: 'travel' },
        { kind: 'mood', op: '>=', value: 4 },
        { kind: 'journal', title: 'trip to rome' },
        { kind: 'after', date: '2025-01-01' },
        { kind: 'starred' },
      ],
    });
    expect(parseEntrySearch('mood:3').filters).toEqual([{ kind: 'mood', op: '=', value: 3 }]);
  });

  it('finds #word tags only where they start a word with a letter', () => {
    expect(tagsInText('# Heading #1 a#b ##x /#y &#z #ok,#Two (#three) #a-b_c')).toEqual([
      'ok',
      'two',
      'three',
      'a-b_c',
    ]);
    expect(tagsInText(`#${'x'.repeat(33)} #${'y'.repeat(32)}`)).toEqual(['y'.repeat(32)]);
  });
});

describe.each(DATABASE_KINDS)('search operators over HTTP on %s', (kind) => {
  let t: JournalsTestApp;
  let alice: TestUser;
  let bob: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
    alice = t.sessions.newUser();
    bob = t.sessions.newUser();
    const rome = await t.newJournal(alice.token, 'Trip to Rome');
    const home = await t.newJournal(alice.token, 'Home');
    const add = async (name: string, journal: string, body: Record<string, unknown>) => {
      ids[name] = (await t.addEntry(alice.token, journal, body))._id;
    };
    await add('colosseum', rome, {
      title: 'Colosseum',
      content: 'Sunny walk to the old arena. #travel',
      date: '2025-04-02',
      mood: 5,
      starred: true,
    });
    await add('rain', rome, {
      title: 'Rain',
      content: 'A walk in the rain, old streets. #travel',
      date: '2025-04-03',
      mood: 2,
    });
    await add('garden', home, {
      title: 'Garden',
      content: 'The walk old garden path.',
      date: '2024-12-31',
      mood: 4,
      tags: ['travel'],
    });
    await add('plain', home, {
      title: 'Plain',
      content: 'Nothing much, a walk.',
      date: '2026-01-01',
    });
    const bobs = await t.newJournal(bob.token, 'Trip to Rome');
    await t.addEntry(bob.token, bobs, {
      content: 'Bob walk #travel',
      date: '2025-04-02',
      mood: 5,
      starred: true,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function found(q: string): Promise<string[]> {
    const response = await t.api.call('GET', `/api/search/entries?q=${encodeURIComponent(q)}`, {
      token: alice.token,
    });
    expect(response.status, `${q}: ${response.text}`).toBe(200);
    const body = entrySearchResponse.parse(response.body);
    expect(body.total, q).toBe(body.results.length);
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return body.results.map((result) => names[result._id] ?? `other:${result._id}`);
  }

  it("answers each operator alone, newest first, with the caller's entries only", async () => {
    expect(await found('tag:travel')).toEqual(['rain', 'colosseum', 'garden']);
    expect(await found('tag:TRAVEL')).toEqual(['rain', 'colosseum', 'garden']);
    expect(await found('tag:nothing')).toEqual([]);
    expect(await found('mood:>=4')).toEqual(['colosseum', 'garden']);
    expect(await found('mood:>4')).toEqual(['colosseum']);
    expect(await found('mood:<=2')).toEqual(['rain']);
    expect(await found('mood:<4')).toEqual(['rain']);
    expect(await found('mood:4')).toEqual(['garden']);
    expect(await found('mood:=5')).toEqual(['colosseum']);
    expect(await found('journal:"trip TO rome"')).toEqual(['rain', 'colosseum']);
    expect(await found('journal:home')).toEqual(['plain', 'garden']);
    expect(await found('journal:Nowhere')).toEqual([]);
    // Both inclusive.
    expect(await found('after:2025-04-03')).toEqual(['plain', 'rain']);
    expect(await found('before:2025-04-02')).toEqual(['colosseum', 'garden']);
    expect(await found('is:starred')).toEqual(['colosseum']);
  });

  it("answers phrases, exclusions and plain words with today's full-text rule", async () => {
    expect(await found('"old arena"')).toEqual(['colosseum']);
    expect((await found('walk old')).sort()).toEqual(['colosseum', 'garden', 'rain']);
    expect(await found('"walk old"')).toEqual(['garden']);
    expect((await found('walk -rain')).sort()).toEqual(['colosseum', 'garden', 'plain']);
    expect((await found('walk -"old garden"')).sort()).toEqual(['colosseum', 'plain', 'rain']);
    expect(await found('-walk')).toEqual([]);
    // An unknown operator is text.
    expect(await found('foo:bar')).toEqual([]);
  });

  it('combines operators and words; all must hold', async () => {
    expect(await found('walk tag:travel mood:>=4 after:2025-01-01')).toEqual(['colosseum']);
    expect(await found('tag:travel journal:"Trip to Rome" -sunny')).toEqual(['rain']);
    expect(await found('tag:travel before:2025-04-02 after:2025-01-01 is:starred')).toEqual([
      'colosseum',
    ]);
    expect(await found('tag:travel mood:>=4 journal:home')).toEqual(['garden']);
  });

  it('checks the words on the few entries the operators leave: prefix, phrase, newest among equals, paged', async () => {
    // Operators leaving at most 500 entries are searched without the full-text index.
    expect(await found('tag:travel old')).toEqual(['rain', 'colosseum', 'garden']);
    expect(await found('tag:travel gard')).toEqual(['garden']);
    expect(await found('tag:travel "walk old"')).toEqual(['garden']);
    expect(await found('tag:travel "walk ol"')).toEqual([]);
    expect(await found('journal:home garden')).toEqual(['garden']);
    const page = await t.api.call(
      'GET',
      `/api/search/entries?q=${encodeURIComponent('tag:travel old')}&limit=1&offset=1`,
      { token: alice.token },
    );
    const body = entrySearchResponse.parse(page.body);
    expect(body.total).toBe(3);
    expect(body.results.map((r) => r._id)).toEqual([ids.colosseum]);
  });

  it('answers a bad operator value with 400 naming it, and changes nothing', async () => {
    const cases: [string, string][] = [
      ['mood:9', 'mood must be 1–5 with =, <, >, <= or >='],
      ['mood:>>3', SEARCH_MESSAGES.badMood],
      ['mood:', SEARCH_MESSAGES.badMood],
      ['after:2025-13-01', SEARCH_MESSAGES.badAfter],
      ['walk before:yesterday', SEARCH_MESSAGES.badBefore],
      ['tag:a.b', SEARCH_MESSAGES.badTag],
      ['journal:""', SEARCH_MESSAGES.badJournal],
      ['is:done', SEARCH_MESSAGES.badIs],
      ['a b c d e f g "h i j" -k -l -m', SEARCH_MESSAGES.tooManyWords],
    ];
    for (const [q, message] of cases) {
      const response = await t.api.call('GET', `/api/search/entries?q=${encodeURIComponent(q)}`, {
        token: alice.token,
      });
      expect(response.status, q).toBe(400);
      expect(response.body.message, q).toBe(message);
    }
    expect(SEARCH_MESSAGES.badAfter).toContain('after');
    expect(SEARCH_MESSAGES.badBefore).toContain('before');
  });

  it('pages an operator-only search with limit and offset and counts every match', async () => {
    const page = await t.api.call('GET', '/api/search/entries?q=tag:travel&limit=2&offset=1', {
      token: alice.token,
    });
    const body = entrySearchResponse.parse(page.body);
    expect(body.total).toBe(3);
    expect(body.results.map((r) => r._id)).toEqual([ids.colosseum, ids.garden]);
    expect(body.results[0]).toMatchObject({ tags: ['travel'], mood: 5, starred: true });
  });
});
