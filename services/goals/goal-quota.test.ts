import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, testSessions, type ApiClient } from '@dayframe/test-kit';
import { startGoalsTestApp, type GoalsTestApp } from './_test-app.ts';
import { GOALS_QUOTAS } from './mod.ts';

describe('the goals quota', () => {
  it('is 10,000 goals per person by default', () => {
    expect(GOALS_QUOTAS).toEqual({ goals: 10_000 });
  });
});

describe.each(DATABASE_KINDS)('the goals quota over HTTP on %s', (kind) => {
  const sessions = testSessions();
  let app: GoalsTestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startGoalsTestApp(kind, { sessions, quotas: { goals: 3 } });
    api = app.api;
  });
  afterAll(() => app?.close());

  const body = (title: string) => ({ title, description: 'd', dateDue: '2026-09-01' });
  const stored = async (userId: string) =>
    Number((await app.db('goals').where({ user_id: userId }).count({ n: '*' }).first())?.n);

  it('counts active and completed goals, refuses the next with a 409 and writes nothing', async () => {
    const alice = sessions.newUser();
    const bob = sessions.newUser();
    const made = [];
    for (let n = 0; n < 3; n += 1) {
      const response = await api.call('POST', '/api/goals', {
        token: alice.token,
        body: body(`g${n}`),
      });
      expect(response.status).toBe(201);
      made.push(response.body._id);
    }
    const completed = await api.call('PUT', `/api/goals/${made[0]}/complete`, {
      token: alice.token,
      body: { currentDate: '2026-08-01' },
    });
    expect(completed.status).toBe(200);
    const refused = await api.call('POST', '/api/goals', {
      token: alice.token,
      body: body('over'),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'You have reached the limit of 3 goals.',
      code: 'quota_exceeded',
    });
    expect(await stored(alice.id)).toBe(3);
    const due = await api.call('GET', '/api/goals/due', { token: alice.token });
    expect(due.body.map((g: { title: string }) => g.title)).not.toContain('over');
    expect(
      (await api.call('POST', '/api/goals', { token: bob.token, body: body('b') })).status,
    ).toBe(201);
    await api.call('DELETE', `/api/goals/${made[1]}`, { token: alice.token });
    expect(
      (await api.call('POST', '/api/goals', { token: alice.token, body: body('room') })).status,
    ).toBe(201);
  });
});
