import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, serviceClient, testSessions } from '@dayframe/test-kit';
import { startGoalsTestApp, type GoalsTestApp } from './_test-app.ts';

// Goals' answers for reminders (issue 27), called as reminders calls them: its service token,
// the account named in the body, no user token.
describe.each(DATABASE_KINDS)('goals POST /internal/goals/* for reminders on %s', (kind) => {
  const sessions = testSessions();
  let app: GoalsTestApp;
  const asReminders = () => serviceClient(app.url, 'reminders', 'goals');

  beforeAll(async () => {
    app = await startGoalsTestApp(kind, { sessions });
  });
  afterAll(() => app?.close());

  async function goal(token: string, title: string, dateDue: string, completedOn?: string) {
    const made = await app.api.call('POST', '/api/goals', {
      token,
      body: { title, description: 'd', dateDue, dateSet: '2026-01-01' },
    });
    expect(made.status, made.text).toBe(201);
    if (completedOn) {
      const done = await app.api.call('PUT', `/api/goals/${made.body._id}/complete`, {
        token,
        body: { currentDate: completedOn },
      });
      expect(done.status, done.text).toBe(200);
    }
    return made.body as { _id: string };
  }

  it('answers the open goals due in the window, soonest first, never another account’s', async () => {
    const ada = sessions.newUser();
    const ben = sessions.newUser();
    const late = await goal(ada.token, 'Second', '2026-11-03');
    const early = await goal(ada.token, 'First', '2026-11-02');
    await goal(ada.token, 'Done already', '2026-11-02', '2026-10-30');
    await goal(ada.token, 'After the window', '2026-11-04');
    await goal(ada.token, 'Before the window', '2026-11-01');
    await goal(ben.token, 'Ben’s', '2026-11-02');

    const res = await asReminders().call('POST', '/internal/goals/due', {
      body: { userId: ada.id, from: '2026-11-02', to: '2026-11-03' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      goals: [
        { id: early._id, title: 'First', dueDate: '2026-11-02' },
        { id: late._id, title: 'Second', dueDate: '2026-11-03' },
      ],
    });
    const none = await asReminders().call('POST', '/internal/goals/due', {
      body: { userId: 'nobody-at-all', from: '2026-11-02', to: '2026-11-03' },
    });
    expect(none.body).toEqual({ goals: [] });
  });

  it('counts the goals completed in the window by their completion day, the account’s own only', async () => {
    const ada = sessions.newUser();
    const ben = sessions.newUser();
    await goal(ada.token, 'On the first day', '2026-12-01', '2026-03-30');
    await goal(ada.token, 'On the last day', '2026-12-01', '2026-04-05');
    await goal(ada.token, 'The day after', '2026-12-01', '2026-04-06');
    await goal(ada.token, 'Still open', '2026-04-02');
    await goal(ben.token, 'Ben’s', '2026-12-01', '2026-04-01');

    const count = (userId: string) =>
      asReminders().call('POST', '/internal/goals/completed-count', {
        body: { userId, from: '2026-03-30', to: '2026-04-05' },
      });
    const own = await count(ada.id);
    expect(own.status, own.text).toBe(200);
    expect(own.body).toEqual({ count: 2 });
    expect((await count(ben.id)).body).toEqual({ count: 1 });
  });

  it.each([
    [{ from: '2026-11-02', to: '2026-11-03' }, 'userId must be an account id'],
    [
      { userId: 'u', from: '2026-02-30', to: '2026-03-03' },
      'from must be a calendar date YYYY-MM-DD',
    ],
    [{ userId: 'u', from: '2026-11-02' }, 'to must be a calendar date YYYY-MM-DD'],
    [{ userId: 'u', from: '2026-11-03', to: '2026-11-02' }, 'to must not be before from'],
    [{ userId: 'u', from: '2026-01-01', to: '2026-12-31' }, 'to must be within 31 days of from'],
  ])('answers 400 naming the field for %j', async (body, message) => {
    for (const path of ['/internal/goals/due', '/internal/goals/completed-count']) {
      const res = await asReminders().call('POST', path, { body });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ message, code: 'validation_failed' });
    }
  });

  it('answers only reminders: the calendar is refused', async () => {
    const res = await serviceClient(app.url, 'calendar', 'goals').call(
      'POST',
      '/internal/goals/due',
      {
        body: { userId: 'u', from: '2026-11-02', to: '2026-11-02' },
      },
    );
    expect(res.status).toBe(403);
  });
});
