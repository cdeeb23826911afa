import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entrySearchResponse,
  goalSearchResponse,
  onThisDayResponse,
  writingResponse,
} from '@dayframe/contracts';
import { pointWebKitAt, startServer, type AppServer } from '@dayframe/e2e-kit';
import { createJournal } from './journals/api/journals-calls.ts';
import { createEntry } from './entries/api/entries-calls.ts';
import { searchEntries, searchGoals } from './search/api/search-calls.ts';
import { onThisDay, writing } from './insights/api/insights-calls.ts';

/** The search screen's and the dashboard widgets' calls, against the real services. */
describe('mfe-journals search and insights calls', () => {
  let server: AppServer;
  let webKit: ReturnType<typeof pointWebKitAt>;
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    webKit = pointWebKitAt(server.url);
    token = (await server.verifiedAccount('Jo', 'jo@example.com')).token;
    webKit.signIn(token);
  }, 60_000);
  afterAll(async () => {
    webKit?.restore();
    await server?.stop();
  });

  it('search entries and goals; every answer fits the contract', async () => {
    const book = await createJournal({ title: 'Travels' });
    await createEntry(book._id, {
      title: 'Lisbon',
      content: 'Café by the river.',
      date: '2030-05-02',
    });
    const goal = await server.api.call('POST', '/api/goals', {
      token,
      body: {
        title: 'Coffee',
        description: 'Find a cafe',
        dateDue: '2030-06-01',
        dateSet: '2030-05-01',
      },
    });
    expect(goal.status).toBe(201);

    const entries = entrySearchResponse.parse(await searchEntries('cafe'));
    expect(entries.results.map((r) => [r.title, r.journalTitle])).toEqual([['Lisbon', 'Travels']]);
    const [start, end] = entries.results[0]!.highlights[0]!;
    expect(entries.results[0]!.snippet.slice(start, end)).toBe('Café');
    const goals = goalSearchResponse.parse(await searchGoals('cafe'));
    expect(goals.results.map((r) => r.title)).toEqual(['Coffee']);
  });

  it('on this day and the writing window', async () => {
    const book = await createJournal({ title: 'Daily' });
    await createEntry(book._id, { title: 'Then', content: 'A year ago.', date: '2029-05-02' });
    await createEntry(book._id, { title: 'Now', content: 'Today.', date: '2030-05-01' });
    const past = onThisDayResponse.parse(await onThisDay('2030-05-02'));
    expect(past.entries.map((e) => [e.title, e.yearsAgo])).toEqual([['Then', 1]]);
    const year = writingResponse.parse(await writing('2029-05-03', '2030-05-02'));
    // With Lisbon (2030-05-02) from the test above: two days in a row up to `to`.
    expect(year.days).toEqual({ '2030-05-01': 1, '2030-05-02': 1 });
    expect(year.currentStreak).toBe(2);
  });
});
