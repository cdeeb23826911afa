import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_MESSAGES,
  goal,
  goalSearchResponse,
  type GoalSearchResponse,
} from '@dayframe/contracts';
import { isMysql } from '@dayframe/service-kit/db';
import { DATABASE_KINDS, type TestUser } from '@dayframe/test-kit';
import { startGoalsTestApp, type GoalsTestApp } from './_test-app.ts';

describe.each(DATABASE_KINDS)('goal search over HTTP on %s', (kind) => {
  let t: GoalsTestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startGoalsTestApp(kind);
    [alice, bob] = [t.sessions.newUser(), t.sessions.newUser()];
  });
  afterAll(() => t?.close());

  async function addGoal(
    token: string,
    title: string,
    description: string,
    dateDue = '2026-09-01',
  ) {
    const response = await t.api.call('POST', '/api/goals', {
      token,
      body: { title, description, dateDue, dateSet: '2026-01-01' },
    });
    expect(response.status, response.text).toBe(201);
    return goal.parse(response.body);
  }

  async function search(q: string, token = alice.token, more = ''): Promise<GoalSearchResponse> {
    const response = await t.api.call(
      'GET',
      `/api/search/goals?q=${encodeURIComponent(q)}${more}`,
      {
        token,
      },
    );
    expect(response.status, `${q}: ${response.text}`).toBe(200);
    return goalSearchResponse.parse(response.body);
  }
  const ids = (found: GoalSearchResponse) => found.results.map((r) => r._id);

  async function indexIsInStep() {
    if (!isMysql(t.db))
      await t.db.raw(`INSERT INTO goals_search(goals_search) VALUES ('integrity-check')`);
  }

  it('refuses a search without a token, and a missing or blank q', async () => {
    expect((await t.api.call('GET', '/api/search/goals?q=run')).status).toBe(401);
    for (const query of ['', '?q=', '?q=+', '?offset=1']) {
      const response = await t.api.call('GET', `/api/search/goals${query}`, { token: alice.token });
      expect(response.status, query).toBe(400);
      expect(response.body.message).toBe(SEARCH_MESSAGES.empty);
    }
    const tooMany = await t.api.call('GET', '/api/search/goals?q=run&limit=51', {
      token: alice.token,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(SEARCH_MESSAGES.limit);
  });

  it('matches title and description without case or accents, the last word as a prefix, every word', async () => {
    const marathon = await addGoal(
      alice.token,
      'Marathon',
      'Run the Crète coastal marathon in May',
    );
    const french = await addGoal(alice.token, 'Learn French', 'Order a crème brûlée in Paris');
    expect(ids(await search('crete'))).toEqual([marathon._id]);
    expect(ids(await search('CREME BRULEE'))).toEqual([french._id]);
    expect(ids(await search('coastal mara'))).toEqual([marathon._id]);
    expect(ids(await search('learn'))).toEqual([french._id]);
    expect((await search('mara coastal')).total).toBe(0);
    expect((await search('french marathon')).total).toBe(0);
    expect(ids(await search('in'))).toEqual([french._id, marathon._id]); // latest set first
  });

  it('answers the goal with its state, a snippet of the description and highlights', async () => {
    const created = await addGoal(
      alice.token,
      'Garden',
      `${'Dig the beds and mulch them well. '.repeat(6)}Plant <b>tulips</b> before the frost.`,
      '2026-10-15',
    );
    const done = await t.api.call('PUT', `/api/goals/${created._id}/complete`, {
      token: alice.token,
      body: { currentDate: '2026-10-01' },
    });
    expect(done.status).toBe(200);
    const [result] = (await search('tulip')).results;
    expect(result).toMatchObject({
      _id: created._id,
      title: 'Garden',
      completed: true,
      dateDue: '2026-10-15',
      dateComplete: '2026-10-01',
    });
    expect(result!.description).toContain('<b>tulips</b>');
    expect(result!.snippet.length).toBeLessThanOrEqual(200);
    expect(result!.snippet).toContain('Plant <b>tulips</b> before the frost.');
    expect(result!.highlights.map(([s, e]) => result!.snippet.slice(s, e))).toEqual(['tulip']);
  });

  it('pages and counts every match', async () => {
    const made = [];
    for (let i = 0; i < 7; i++) made.push((await addGoal(alice.token, `Kayak ${i}`, 'paddle'))._id);
    const page = await search('kayak', alice.token, '&limit=3&offset=3');
    expect(page.total).toBe(7);
    expect(ids(page)).toEqual([...made].reverse().slice(3, 6));
  });

  it("keeps the index in step with deletion and account deletion, and never finds another user's goals", async () => {
    const gone = await addGoal(alice.token, 'Origami', 'Fold a thousand cranes');
    const bobs = await addGoal(bob.token, 'Origami', 'Fold a paper boat');
    expect(ids(await search('origami'))).toEqual([gone._id]);
    expect(ids(await search('origami', bob.token))).toEqual([bobs._id]);
    expect((await search('paper boat')).total).toBe(0);
    expect(
      (await t.api.call('DELETE', `/api/goals/${gone._id}`, { token: alice.token })).status,
    ).toBe(200);
    expect((await search('origami')).total).toBe(0);
    await indexIsInStep();
    await t.service.deleteAccountData(bob.id);
    expect((await search('origami', bob.token)).total).toBe(0);
    await indexIsInStep();
  });

  it('answers hostile queries with 200 or a clear 400, never a 500', async () => {
    await addGoal(alice.token, 'Operators', 'near and or not "quoted" (brackets) 🎉');
    for (const q of [
      '"',
      '*',
      '-',
      '+',
      '(',
      'NEAR',
      'AND',
      'NEAR(quoted brackets)',
      '-brackets',
      '"quoted',
      '🎉',
      '.'.repeat(200),
      "' OR 1=1 --",
      '%_\\',
      'x'.repeat(201),
    ]) {
      const response = await t.api.call('GET', `/api/search/goals?q=${encodeURIComponent(q)}`, {
        token: alice.token,
      });
      expect([200, 400], `${q}: ${response.text}`).toContain(response.status);
      if (response.status === 200) goalSearchResponse.parse(response.body);
      else expect(typeof response.body.message).toBe('string');
    }
    expect((await search('"quoted" (brack')).total).toBe(1);
  });
});
