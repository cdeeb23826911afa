import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  expectIgnored,
  testSessions,
  withProtoKey,
  withUnknownFields,
  type ApiClient,
  expectRefusedAndUnstored,
} from '@dayframe/test-kit';
import { startGoalsTestApp, type GoalsTestApp } from './_test-app.ts';

// Tolerant reader: a newer client may send fields this service does not know yet.
describe.each(DATABASE_KINDS)('goals ignore unknown body fields on %s', (kind) => {
  const sessions = testSessions();
  let app: GoalsTestApp;
  let api: ApiClient;
  const alice = sessions.newUser();

  beforeAll(async () => {
    app = await startGoalsTestApp(kind, { sessions });
    api = app.api;
  });
  afterAll(() => app?.close());

  const rows = () => app.db('goals').select();
  const postGoal = (rawBody: string) =>
    api.call('POST', '/api/goals', { token: alice.token, rawBody });

  it('sets and completes a goal, neither storing nor echoing the extras', async () => {
    const created = await api.call('POST', '/api/goals', {
      token: alice.token,
      rawBody: withUnknownFields({
        title: 'Run',
        description: '5 km',
        dateDue: '2026-06-01',
        dateSet: '2026-05-01',
        completed: true,
        dateComplete: '2026-05-02',
      }),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ title: 'Run', completed: false, dateComplete: null });
    const done = await api.call('PUT', `/api/goals/${created.body._id}/complete`, {
      token: alice.token,
      rawBody: withUnknownFields({ currentDate: '2026-05-20', title: 'Renamed' }),
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ title: 'Run', completed: true, dateComplete: '2026-05-20' });
    expectIgnored(created.text, done.text, await rows());
  });

  it('still refuses a bad value of a known field, next to unknown ones, and stores nothing', () =>
    expectRefusedAndUnstored(
      postGoal,
      [withUnknownFields({ title: 'Run', description: 'd', dateDue: '2026-02-30' })],
      'validation_failed',
      rows,
    ));

  it("refuses a __proto__ key as invalid JSON (the body parser's secure parse): nothing polluted, nothing stored", () =>
    expectRefusedAndUnstored(
      postGoal,
      [withProtoKey({ title: 'Polluter', description: 'd', dateDue: '2026-06-01' })],
      'invalid_json',
      rows,
    ));
});
