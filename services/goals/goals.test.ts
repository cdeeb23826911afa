import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MESSAGES, GOAL_MESSAGES, goal, goalList } from '@dayframe/contracts';
import { manualClock } from '@dayframe/service-kit/http';
import {
  DATABASE_KINDS,
  METACHARACTER_TEXT,
  expectHostileBodiesRefused,
  testSessions,
  type TestUser,
} from '@dayframe/test-kit';
import { startGoalsTestApp, type GoalsTestApp } from './_test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
// Late evening in Kiritimati is already the next day there, but the server only knows UTC.
const NOW = Date.parse('2026-03-01T23:30:00.000Z');

describe.each(DATABASE_KINDS)('goals over HTTP on %s', (kind) => {
  const sessions = testSessions();
  let t: GoalsTestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = sessions.newUser();
    bob = sessions.newUser();
    t = await startGoalsTestApp(kind, { sessions, clock: manualClock(NOW) });
  });
  afterAll(() => t?.close());

  async function addGoal(token: string, body: Record<string, unknown>) {
    const response = await t.api.call('POST', '/api/goals', { token, body });
    expect(response.status, response.text).toBe(201);
    return goal.parse(response.body);
  }

  it('refuses every call without a token', async () => {
    for (const [method, path] of [
      ['POST', '/api/goals'],
      ['GET', '/api/goals/due'],
      ['GET', '/api/goals/completed'],
      ['PUT', `/api/goals/${UNKNOWN_ID}/complete`],
      ['DELETE', `/api/goals/${UNKNOWN_ID}`],
    ] as const) {
      expect((await t.api.call(method, path)).status).toBe(401);
    }
  });

  it('creates an active goal with the dates that were sent', async () => {
    const created = await addGoal(alice.token, {
      title: ' Run ',
      description: 'A 10k',
      dateDue: '2026-06-30',
      dateSet: '2026-03-02',
    });
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Run',
      description: 'A 10k',
      completed: false,
      dateSet: '2026-03-02',
      dateDue: '2026-06-30',
      dateComplete: null,
    });
  });

  it("sets a goal on today's UTC date when dateSet is left out", async () => {
    const created = await addGoal(alice.token, {
      title: 'Read',
      description: 'A book',
      dateDue: '2026-04-01',
    });
    expect(created.dateSet).toBe('2026-03-01');
  });

  it('needs title, description and due date: "Please fill out all fields"', async () => {
    const full = { title: 't', description: 'd', dateDue: '2026-05-01' };
    for (const missing of ['title', 'description', 'dateDue'] as const) {
      const { [missing]: _gone, ...rest } = full;
      for (const body of [rest, { ...rest, [missing]: '' }, { ...rest, [missing]: '   ' }]) {
        const response = await t.api.call('POST', '/api/goals', { token: alice.token, body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body).toEqual({
          message: GOAL_MESSAGES.missing,
          code: 'validation_failed',
        });
      }
    }
    for (const body of [
      { ...full, dateDue: '2026-02-30' },
      { ...full, dateDue: '2026-2-3' },
      { ...full, dateSet: '2026-02-29' },
      { ...full, dateSet: '' },
      { ...full, dateSet: null },
    ]) {
      const response = await t.api.call('POST', '/api/goals', { token: alice.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(DATE_MESSAGES.invalid);
    }
    const leap = await addGoal(alice.token, { ...full, dateDue: '2028-02-29' });
    expect(leap.dateDue).toBe('2028-02-29');
  });

  it('lists active goals soonest due first and completed goals latest completed first', async () => {
    const carol = sessions.newUser();
    const later = await addGoal(carol.token, {
      title: 'later',
      description: 'd',
      dateDue: '2027-01-10',
    });
    const soon = await addGoal(carol.token, {
      title: 'soon',
      description: 'd',
      dateDue: '2026-12-31',
    });
    const sameDaySecond = await addGoal(carol.token, {
      title: 'soon too',
      description: 'd',
      dateDue: '2026-12-31',
    });
    const doneEarly = await addGoal(carol.token, {
      title: 'done early',
      description: 'd',
      dateDue: '2026-08-01',
    });
    const doneLate = await addGoal(carol.token, {
      title: 'done late',
      description: 'd',
      dateDue: '2026-07-01',
    });
    await addGoal(bob.token, { title: 'bob', description: 'd', dateDue: '2026-01-01' });
    expect(
      (
        await t.api.call('PUT', `/api/goals/${doneLate._id}/complete`, {
          token: carol.token,
          body: { currentDate: '2027-01-02' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.api.call('PUT', `/api/goals/${doneEarly._id}/complete`, {
          token: carol.token,
          body: { currentDate: '2026-12-30' },
        })
      ).status,
    ).toBe(200);

    const due = goalList.parse(
      (await t.api.call('GET', '/api/goals/due', { token: carol.token })).body,
    );
    expect(due.map((g) => g._id)).toEqual([soon._id, sameDaySecond._id, later._id]);
    const completed = goalList.parse(
      (await t.api.call('GET', '/api/goals/completed', { token: carol.token })).body,
    );
    expect(completed.map((g) => [g.title, g.dateComplete, g.completed])).toEqual([
      ['done late', '2027-01-02', true],
      ['done early', '2026-12-30', true],
    ]);
    const empty = sessions.newUser();
    expect((await t.api.call('GET', '/api/goals/due', { token: empty.token })).body).toEqual([]);
    expect((await t.api.call('GET', '/api/goals/completed', { token: empty.token })).body).toEqual(
      [],
    );
  });

  it('completes a goal once on the sent date; a second time is a 409', async () => {
    const created = await addGoal(alice.token, {
      title: 'Once',
      description: 'd',
      dateDue: '2026-05-05',
      dateSet: '2026-05-01',
    });
    const done = await t.api.call('PUT', `/api/goals/${created._id}/complete`, {
      token: alice.token,
      body: { currentDate: '2026-05-04' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ...created, completed: true, dateComplete: '2026-05-04' });
    const again = await t.api.call('PUT', `/api/goals/${created._id}/complete`, {
      token: alice.token,
      body: { currentDate: '2026-05-06' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: GOAL_MESSAGES.alreadyCompleted,
      code: 'goal_already_completed',
    });
    const completed = await t.api.call('GET', '/api/goals/completed', { token: alice.token });
    expect(completed.body.find((g: { _id: string }) => g._id === created._id).dateComplete).toBe(
      '2026-05-04',
    );
    const due = await t.api.call('GET', '/api/goals/due', { token: alice.token });
    expect(due.body.map((g: { _id: string }) => g._id)).not.toContain(created._id);
  });

  it('needs a real currentDate to complete a goal', async () => {
    const created = await addGoal(alice.token, {
      title: 'Dated',
      description: 'd',
      dateDue: '2026-05-05',
    });
    for (const [body, message] of [
      [{}, GOAL_MESSAGES.currentDateMissing],
      [{ currentDate: '' }, GOAL_MESSAGES.currentDateMissing],
      [{ currentDate: '2026-02-30' }, DATE_MESSAGES.invalid],
      [{ currentDate: 'today' }, DATE_MESSAGES.invalid],
    ] as const) {
      const response = await t.api.call('PUT', `/api/goals/${created._id}/complete`, {
        token: alice.token,
        body,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const bare = await t.api.call('PUT', `/api/goals/${created._id}/complete`, {
      token: alice.token,
    });
    expect(bare.status).toBe(400);
    const due = await t.api.call('GET', '/api/goals/due', { token: alice.token });
    expect(due.body.find((g: { _id: string }) => g._id === created._id).completed).toBe(false);
  });

  it('deletes active and completed goals', async () => {
    const active = await addGoal(alice.token, {
      title: 'Active',
      description: 'd',
      dateDue: '2026-09-09',
    });
    const done = await addGoal(alice.token, {
      title: 'Done',
      description: 'd',
      dateDue: '2026-09-09',
    });
    await t.api.call('PUT', `/api/goals/${done._id}/complete`, {
      token: alice.token,
      body: { currentDate: '2026-09-01' },
    });
    for (const created of [active, done]) {
      const deleted = await t.api.call('DELETE', `/api/goals/${created._id}`, {
        token: alice.token,
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ message: GOAL_MESSAGES.deleted });
      expect(
        (await t.api.call('DELETE', `/api/goals/${created._id}`, { token: alice.token })).status,
      ).toBe(404);
    }
    const lists = [
      ...(await t.api.call('GET', '/api/goals/due', { token: alice.token })).body,
      ...(await t.api.call('GET', '/api/goals/completed', { token: alice.token })).body,
    ];
    expect(lists.map((g: { _id: string }) => g._id)).not.toContain(active._id);
    expect(lists.map((g: { _id: string }) => g._id)).not.toContain(done._id);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of [UNKNOWN_ID, 'nope', "1' OR 1=1 --"]) {
      const complete = await t.api.call('PUT', `/api/goals/${encodeURIComponent(id)}/complete`, {
        token: alice.token,
        body: { currentDate: '2026-01-01' },
      });
      const del = await t.api.call('DELETE', `/api/goals/${encodeURIComponent(id)}`, {
        token: alice.token,
      });
      for (const response of [complete, del]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: GOAL_MESSAGES.notFound, code: 'goal_not_found' });
      }
    }
  });

  it("hides another user's goals on every route and changes nothing (admins included)", async () => {
    const active = await addGoal(alice.token, {
      title: 'Private goal',
      description: 'secret',
      dateDue: '2026-10-10',
    });
    const done = await addGoal(alice.token, {
      title: 'Private done',
      description: 'secret',
      dateDue: '2026-10-10',
    });
    await t.api.call('PUT', `/api/goals/${done._id}/complete`, {
      token: alice.token,
      body: { currentDate: '2026-10-01' },
    });
    const before = [
      (await t.api.call('GET', '/api/goals/due', { token: alice.token })).body,
      (await t.api.call('GET', '/api/goals/completed', { token: alice.token })).body,
    ];
    for (const intruder of [bob, sessions.newUser('admin')]) {
      for (const target of [active, done]) {
        const complete = await t.api.call('PUT', `/api/goals/${target._id}/complete`, {
          token: intruder.token,
          body: { currentDate: '2026-10-02' },
        });
        const del = await t.api.call('DELETE', `/api/goals/${target._id}`, {
          token: intruder.token,
        });
        for (const response of [complete, del]) {
          expect(response.status).toBe(404);
          expect(response.body).toEqual({
            message: GOAL_MESSAGES.notFound,
            code: 'goal_not_found',
          });
        }
      }
      for (const list of ['due', 'completed']) {
        const response = await t.api.call('GET', `/api/goals/${list}`, { token: intruder.token });
        expect(response.text).not.toContain('secret');
      }
    }
    const after = [
      (await t.api.call('GET', '/api/goals/due', { token: alice.token })).body,
      (await t.api.call('GET', '/api/goals/completed', { token: alice.token })).body,
    ];
    expect(after).toEqual(before);
  });

  it('stores SQL and HTML metacharacters verbatim', async () => {
    const created = await addGoal(alice.token, {
      title: METACHARACTER_TEXT.slice(0, 200),
      description: METACHARACTER_TEXT,
      dateDue: '2026-11-11',
    });
    const due = await t.api.call('GET', '/api/goals/due', { token: alice.token });
    const stored = due.body.find((g: { _id: string }) => g._id === created._id);
    expect(stored.description).toBe(METACHARACTER_TEXT);
    expect(stored.title).toBe(METACHARACTER_TEXT.slice(0, 200).trim());
  });

  it('refuses hostile bodies with a 4xx and a message, never a 500, and changes nothing', async () => {
    const created = await addGoal(alice.token, {
      title: 'Stable',
      description: 'stable',
      dateDue: '2026-12-12',
    });
    const snapshot = async () => [
      (await t.api.call('GET', '/api/goals/due', { token: alice.token })).body,
      (await t.api.call('GET', '/api/goals/completed', { token: alice.token })).body,
    ];
    const before = await snapshot();
    const targets = [
      {
        method: 'POST',
        path: '/api/goals',
        valid: { title: 'T', description: 'D', dateDue: '2026-01-01', dateSet: '2026-01-01' },
        optional: ['dateSet'],
      },
      {
        method: 'PUT',
        path: `/api/goals/${created._id}/complete`,
        valid: { currentDate: '2026-01-01' },
        optional: [],
      },
    ];
    await expectHostileBodiesRefused(t.api, alice.token, targets);
    expect(await snapshot()).toEqual(before);
  });
});
