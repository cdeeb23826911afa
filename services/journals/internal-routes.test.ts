import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, DATE_MESSAGES, entriesWindow } from '@dayframe/contracts';
import { DATABASE_KINDS, serviceClient } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

describe.each(DATABASE_KINDS)('journals GET /internal/calendar-window on %s', (kind) => {
  let app: JournalsTestApp;
  beforeAll(async () => {
    app = await startJournalsTestApp(kind);
  });
  afterAll(() => app?.close());
  // The endpoint as the calendar calls it: with its service token.
  const calendar = () => serviceClient(app.url, 'calendar', 'journals');

  async function entry(token: string, journalId: string, date: string) {
    const made = await app.api.call('POST', `/api/entry/${journalId}`, {
      token,
      body: { title: `on ${date}`, content: 'c', date },
    });
    expect(made.status, made.text).toBe(201);
    return made.body;
  }

  it("answers the token's user's entries in the window, oldest first, with the journal's title", async () => {
    const alice = app.sessions.newUser();
    const bob = app.sessions.newUser();
    const journal = await app.api.call('POST', '/api/journals', {
      token: alice.token,
      body: { title: 'Alice' },
    });
    const id = journal.body._id as string;
    for (const date of ['2026-03-31', '2026-04-02', '2026-04-01', '2026-05-01'])
      await entry(alice.token, id, date);

    const path = '/internal/calendar-window?from=2026-04-01&to=2026-04-30';
    const own = await calendar().call('GET', path, { token: alice.token });
    expect(own.status, own.text).toBe(200);
    const { entries } = entriesWindow.parse(own.body);
    expect(entries.map((e) => [e.date, e.journalTitle, e.journalId])).toEqual([
      ['2026-04-01', 'Alice', id],
      ['2026-04-02', 'Alice', id],
    ]);
    // The caller is the token's user, whatever the query claims.
    for (const query of [path, `${path}&userId=${alice.id}`]) {
      const other = await calendar().call('GET', query, { token: bob.token });
      expect(other.status).toBe(200);
      expect(other.body).toEqual({ entries: [] });
    }
  });

  it('refuses a call without a valid token and a bad window, like the public calendar', async () => {
    const path = '/internal/calendar-window?from=2026-04-01&to=2026-04-30';
    expect((await calendar().call('GET', path)).status).toBe(401);
    expect((await calendar().call('GET', path, { token: 'not.a.token' })).status).toBe(401);
    const user = app.sessions.newUser();
    const cases: [string, string][] = [
      ['?to=2026-04-30', CALENDAR_MESSAGES.fromMissing],
      ['?from=2026-02-30&to=2026-03-31', DATE_MESSAGES.invalid],
      ['?from=2026-05-01&to=2026-04-30', CALENDAR_MESSAGES.fromAfterTo],
      ['?from=2025-01-01&to=2026-12-31', CALENDAR_MESSAGES.tooLong],
    ];
    for (const [query, message] of cases) {
      const res = await calendar().call('GET', `/internal/calendar-window${query}`, {
        token: user.token,
      });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });
});
