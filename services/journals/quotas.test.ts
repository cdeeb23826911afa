import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';
import { JOURNALS_QUOTAS } from './mod.ts';

describe('journals quotas', () => {
  it('are 1,000 journals and 100,000 entries per person by default', () => {
    expect(JOURNALS_QUOTAS).toEqual({ journals: 1_000, entries: 100_000 });
  });
});

describe.each(DATABASE_KINDS)('journals quotas over HTTP on %s', (kind) => {
  let t: JournalsTestApp;

  beforeAll(async () => {
    t = await startJournalsTestApp(kind, { quotas: { journals: 3, entries: 4 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = async (table: string, userId: string) =>
    Number((await t.db(table).where({ user_id: userId }).count({ n: '*' }).first())?.n);

  it('refuses a journal past the quota with a 409 and writes nothing; others are unaffected', async () => {
    const alice = t.sessions.newUser();
    const bob = t.sessions.newUser();
    for (let n = 0; n < 3; n += 1) {
      const made = await t.api.call('POST', '/api/journals', {
        token: alice.token,
        body: { title: `J${n}` },
      });
      expect(made.status).toBe(201);
    }
    const refused = await t.api.call('POST', '/api/journals', {
      token: alice.token,
      body: { title: 'one too many' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'You have reached the limit of 3 journals.',
      code: 'quota_exceeded',
    });
    expect(await rows('journals', alice.id)).toBe(3);
    const list = await t.api.call('GET', '/api/journals', { token: alice.token });
    expect(list.body.map((j: { title: string }) => j.title)).not.toContain('one too many');
    expect(
      (await t.api.call('POST', '/api/journals', { token: bob.token, body: { title: 'B' } }))
        .status,
    ).toBe(201);
    // Deleting one makes room again.
    await t.api.call('DELETE', `/api/journals/${list.body[0]._id}`, { token: alice.token });
    expect(
      (await t.api.call('POST', '/api/journals', { token: alice.token, body: { title: 'again' } }))
        .status,
    ).toBe(201);
  });

  it('counts entries per person across journals and refuses the next with a 409', async () => {
    const carol = t.sessions.newUser();
    const journals: string[] = [];
    for (const title of ['A', 'B']) {
      const made = await t.api.call('POST', '/api/journals', {
        token: carol.token,
        body: { title },
      });
      journals.push(made.body._id);
    }
    for (let n = 0; n < 4; n += 1) {
      const made = await t.api.call('POST', `/api/entry/${journals[n % 2]}`, {
        token: carol.token,
        body: { title: `e${n}`, content: 'c', date: '2026-01-01' },
      });
      expect(made.status).toBe(201);
    }
    for (const journalId of journals) {
      const refused = await t.api.call('POST', `/api/entry/${journalId}`, {
        token: carol.token,
        body: { title: 'over', content: 'c', date: '2026-01-02' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        message: 'You have reached the limit of 4 entries.',
        code: 'quota_exceeded',
      });
    }
    expect(await rows('entries', carol.id)).toBe(4);
    expect(
      await t.db('entries').where({ user_id: carol.id, title: 'over' }).first(),
    ).toBeUndefined();
  });

  it('keeps to the quota when creates arrive at once', async () => {
    const dave = t.sessions.newUser();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        t.api.call('POST', '/api/journals', { token: dave.token, body: { title: `r${n}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    // Every answer is a clean 201 or 409, never a 500. Within one process (SQLite, or MySQL with
    // creates that do not overlap in time) the count is exact; see insertJournal.
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(3);
    if (kind === 'sqlite') expect(await rows('journals', dave.id)).toBe(3);
  });
});
