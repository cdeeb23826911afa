import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, serviceClient } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

// `POST /internal/entries/week` (issue 27), as reminders' weekly digest calls it: its service
// token, the account named in the body.
describe.each(DATABASE_KINDS)('journals POST /internal/entries/week on %s', (kind) => {
  let t: JournalsTestApp;
  const asReminders = () => serviceClient(t.url, 'reminders', 'journals');
  const week = (body: object) => asReminders().call('POST', '/internal/entries/week', { body });

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
  });
  afterAll(() => t?.close());

  async function write(token: string, journalId: string, ...dates: string[]) {
    for (const date of dates) await t.addEntry(token, journalId, { content: `On ${date}`, date });
  }

  it('counts the entries dated in the week and the streak ending today, the account’s own only', async () => {
    const ada = t.sessions.newUser();
    const ben = t.sessions.newUser();
    const mine = await t.newJournal(ada.token);
    const other = await t.newJournal(ada.token, 'Other');
    // A run from 2026-03-27 to 2026-04-05 (ten days, begun before the week), two on 04-01.
    await write(ada.token, mine, '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30');
    await write(ada.token, mine, '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03');
    await write(ada.token, other, '2026-04-01', '2026-04-04', '2026-04-05');
    await write(ada.token, mine, '2026-04-06'); // after the week
    await write(ben.token, await t.newJournal(ben.token), '2026-04-02', '2026-04-05');

    const window = { from: '2026-03-30', to: '2026-04-05' };
    const own = await week({ userId: ada.id, ...window, today: '2026-04-05' });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toEqual({ written: 8, streak: 10 });
    // Nothing yet on 'today' (2026-04-07): the run that ended the day before counts; two days
    // without (2026-04-08), and it is over.
    expect((await week({ userId: ada.id, ...window, today: '2026-04-07' })).body.streak).toBe(11);
    expect((await week({ userId: ada.id, ...window, today: '2026-04-08' })).body.streak).toBe(0);
    expect((await week({ userId: ben.id, ...window, today: '2026-04-05' })).body).toEqual({
      written: 2,
      streak: 1,
    });
  });

  it.each([
    [{ from: '2026-03-30', to: '2026-04-05', today: '2026-04-05' }, 'userId must be an account id'],
    [
      { userId: 'u', from: '2026-03-30', to: '2026-04-05' },
      'today must be a calendar date YYYY-MM-DD',
    ],
    [
      { userId: 'u', from: 'last week', to: '2026-04-05', today: '2026-04-05' },
      'from must be a calendar date YYYY-MM-DD',
    ],
    [
      { userId: 'u', from: '2026-04-05', to: '2026-03-30', today: '2026-04-05' },
      'to must not be before from',
    ],
    [
      { userId: 'u', from: '2025-04-05', to: '2026-04-05', today: '2026-04-05' },
      'to must be within 31 days of from',
    ],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const res = await week(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'validation_failed' });
  });
});
