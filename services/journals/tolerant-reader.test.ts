import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  expectIgnored,
  withProtoKey,
  withUnknownFields,
  type TestUser,
  expectRefusedAndUnstored,
} from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

// Tolerant reader: a newer client may send fields this service does not know yet.
describe.each(DATABASE_KINDS)('journals ignore unknown body fields on %s', (kind) => {
  let t: JournalsTestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
    alice = t.sessions.newUser();
  });
  afterAll(() => t?.close());

  const rows = async () => [await t.db('journals').select(), await t.db('entries').select()];
  const postJournal = (rawBody: string) =>
    t.api.call('POST', '/api/journals', { token: alice.token, rawBody });

  it('creates and updates journals and entries, neither storing nor echoing the extras', async () => {
    const created = await t.api.call('POST', '/api/journals', {
      token: alice.token,
      rawBody: withUnknownFields({ title: 'Trip', description: 'notes' }),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ title: 'Trip', description: 'notes', numEntries: 0 });
    const id = created.body._id as string;

    const updated = await t.api.call('PUT', `/api/journals/${id}`, {
      token: alice.token,
      rawBody: withUnknownFields({ title: 'Trip 2', description: 'more', userId: 'someone' }),
    });
    expect(updated.status, updated.text).toBe(200);

    const entry = await t.api.call('POST', `/api/entry/${id}`, {
      token: alice.token,
      rawBody: withUnknownFields({ content: 'Day one', date: '2026-05-01', journalId: 'x' }),
    });
    expect(entry.status, entry.text).toBe(201);
    expect(entry.body).toMatchObject({ journalId: id, content: 'Day one', date: '2026-05-01' });
    const edited = await t.api.call('PUT', `/api/entry/${id}/${entry.body._id}`, {
      token: alice.token,
      rawBody: withUnknownFields({ title: 'T', content: 'Day one, again' }),
    });
    expect(edited.status, edited.text).toBe(200);

    const list = await t.api.call('GET', '/api/journals', { token: alice.token });
    expect(list.body).toEqual([
      expect.objectContaining({ _id: id, title: 'Trip 2', description: 'more', numEntries: 1 }),
    ]);
    expectIgnored(created.text, updated.text, entry.text, edited.text, list.text, await rows());
  });

  it('still refuses a bad value of a known field, next to unknown ones, and stores nothing', () =>
    expectRefusedAndUnstored(
      postJournal,
      [withUnknownFields({ title: 42 }), withUnknownFields({ title: 'ok', description: ['a'] })],
      'validation_failed',
      rows,
    ));

  it("refuses a __proto__ key as invalid JSON (the body parser's secure parse): nothing polluted, nothing stored", () =>
    expectRefusedAndUnstored(
      postJournal,
      [withProtoKey({ title: 'Polluter' })],
      'invalid_json',
      rows,
    ));
});
