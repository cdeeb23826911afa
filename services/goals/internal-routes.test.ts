import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, goalsWindow } from '@dayframe/contracts';
import { DATABASE_KINDS, serviceClient, testSessions, type ApiClient } from '@dayframe/test-kit';
import { startGoalsTestApp, type GoalsTestApp } from './_test-app.ts';

describe.each(DATABASE_KINDS)('goals GET /internal/calendar-window on %s', (kind) => {
  const sessions = testSessions();
  let app: GoalsTestApp;
  let api: ApiClient;
  // The endpoint as the calendar calls it: with its service token.
  const asCalendar = () => serviceClient(app.url, 'calendar', 'goals');

  beforeAll(async () => {
    app = await startGoalsTestApp(kind, { sessions });
    api = app.api;
  });
  afterAll(() => app?.close());

  async function goal(token: string, title: string, dateDue: string) {
    const made = await api.call('POST', '/api/goals', {
      token,
      body: { title, description: 'd', dateDue, dateSet: '2026-01-01' },
    });
    expect(made.status, made.text).toBe(201);
    return made.body;
  }

  it("answers the token's user's goals due and completed in the window", async () => {
    const alice = sessions.newUser();
    const bob = sessions.newUser();
    await goal(alice.token, 'due in', '2026-04-10');
    await goal(alice.token, 'due after', '2026-05-10');
    const done = await goal(alice.token, 'done in', '2026-05-20');
    const completed = await api.call('PUT', `/api/goals/${done._id}/complete`, {
      token: alice.token,
      body: { currentDate: '2026-04-15' },
    });
    expect(completed.status).toBe(200);

    const path = '/internal/calendar-window?from=2026-04-01&to=2026-04-30';
    const own = await asCalendar().call('GET', path, { token: alice.token });
    expect(own.status, own.text).toBe(200);
    const window = goalsWindow.parse(own.body);
    expect(window.dueGoals.map((g) => [g.title, g.dateDue])).toEqual([['due in', '2026-04-10']]);
    expect(window.completedGoals.map((g) => [g.title, g.dateComplete])).toEqual([
      ['done in', '2026-04-15'],
    ]);
    for (const query of [path, `${path}&userId=${alice.id}`]) {
      const other = await asCalendar().call('GET', query, { token: bob.token });
      expect(other.status).toBe(200);
      expect(other.body).toEqual({ dueGoals: [], completedGoals: [] });
    }
  });

  it('refuses a call without a token and a window longer than the calendar allows', async () => {
    expect(
      (await asCalendar().call('GET', '/internal/calendar-window?from=2026-04-01&to=2026-04-30'))
        .status,
    ).toBe(401);
    const res = await asCalendar().call(
      'GET',
      '/internal/calendar-window?from=2026-01-01&to=2026-12-31',
      {
        token: sessions.newUser().token,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CALENDAR_MESSAGES.tooLong);
  });
});
