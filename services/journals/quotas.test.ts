import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, finding, serviceClient } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';
import { JOURNALS_QUOTAS } from './mod.ts';

describe('journals quotas', () => {
  // Issue 25 added the history budget (decision 0046); the other three are unchanged.
  it('are 1,000 journals, 100,000 entries, 200 MB of entry text and 100 MB of history per person by default', () => {
    expect(JOURNALS_QUOTAS).toEqual({
      journals: 1_000,
      entries: 100_000,
      entryBytes: 200_000_000,
      versionBytes: 100_000_000,
    });
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

// Issue 24, finding 4: without a byte quota one account could keep 5 GB of text.
describe.each(DATABASE_KINDS)('the entry text quota over HTTP on %s', (kind) => {
  let t: JournalsTestApp;
  const QUOTA = 1_000;
  const refusal = {
    message: 'You have reached the limit of 1 kB of entry text.',
    code: 'quota_exceeded',
  };

  beforeAll(async () => {
    t = await startJournalsTestApp(kind, { quotas: { entryBytes: QUOTA } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const bytesOf = async (userId: string) => {
    const rows: { title: string; content: string }[] = await t
      .db('entries')
      .select('title', 'content')
      .where({ user_id: userId });
    return rows.reduce(
      (sum, row) => sum + Buffer.byteLength(row.title) + Buffer.byteLength(row.content),
      0,
    );
  };

  it('counts UTF-8 bytes of titles and contents on create and refuses past it, writing nothing', () =>
    finding('R3-4 entry text past the 200 MB byte quota', 'refused', async () => {
      const erin = t.sessions.newUser();
      const journalId = await t.newJournal(erin.token);
      // 4 + 2 × 298 = 600 bytes: 'é' is two.
      await t.addEntry(erin.token, journalId, {
        title: 'Walk',
        content: 'é'.repeat(298),
        date: '2026-01-01',
      });
      await t.addEntry(erin.token, journalId, {
        title: '',
        content: 'x'.repeat(400),
        date: '2026-01-02',
      });
      expect(await bytesOf(erin.id)).toBe(QUOTA);
      const refused = await t.api.call('POST', `/api/entry/${journalId}`, {
        token: erin.token,
        body: { title: 'one', content: 'x', date: '2026-01-03' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual(refusal);
      const [counted] = await t.db('entries').where({ user_id: erin.id }).count({ n: '*' });
      expect(Number(counted?.n)).toBe(2);
      // Another person is not affected.
      const frank = t.sessions.newUser();
      await t.addEntry(frank.token, await t.newJournal(frank.token), {
        title: 'Mine',
        content: 'x'.repeat(900),
        date: '2026-01-01',
      });
    }));

  it('counts an update as the new text replacing the old, and refuses one past the quota', async () => {
    const gail = t.sessions.newUser();
    const journalId = await t.newJournal(gail.token);
    const first = await t.addEntry(gail.token, journalId, {
      title: '',
      content: 'x'.repeat(500),
      date: '2026-01-01',
    });
    await t.addEntry(gail.token, journalId, {
      title: '',
      content: 'y'.repeat(400),
      date: '2026-01-02',
    });
    const grown = await t.api.call('PUT', `/api/entry/${journalId}/${first._id}`, {
      token: gail.token,
      body: { title: 'Walk', content: 'x'.repeat(596) },
    });
    expect(grown.status, grown.text).toBe(200);
    expect(await bytesOf(gail.id)).toBe(QUOTA);
    const refused = await t.api.call('PUT', `/api/entry/${journalId}/${first._id}`, {
      token: gail.token,
      body: { title: 'Walk', content: 'x'.repeat(597) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(refusal);
    expect((await t.db('entries').where({ id: first._id }).first()).content).toBe('x'.repeat(596));
  });

  it('refuses a create once rows written straight to the table already pass it', async () => {
    const hana = t.sessions.newUser();
    const journalId = await t.newJournal(hana.token);
    await t.db('entries').insert(
      [0, 1].map((n) => ({
        id: randomUUID(),
        journal_id: journalId,
        user_id: hana.id,
        title: `Seeded ${n}`,
        content: 'z'.repeat(600),
        date: '2026-02-01',
        created_at: new Date().toISOString(),
      })),
    );
    const refused = await t.api.call('POST', `/api/entry/${journalId}`, {
      token: hana.token,
      body: { title: '', content: 'z', date: '2026-02-02' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(refusal);
    expect(await bytesOf(hana.id)).toBe(2 * (8 + 600));
  });

  it('counts an import toward it and writes none of an import that would pass it', async () => {
    const ivan = t.sessions.newUser();
    await t.addEntry(ivan.token, await t.newJournal(ivan.token), {
      title: '',
      content: 'x'.repeat(600),
      date: '2026-01-01',
    });
    const part = (count: number) => ({
      journals: [
        {
          title: 'Imported',
          entries: Array.from({ length: count }, (_, n) => ({
            title: '',
            content: `${n}`.padEnd(100, '.'),
            date: '2026-03-01',
          })),
        },
      ],
    });
    const refused = await serviceClient(t.url, 'archive', 'journals').call(
      'POST',
      `/internal/import?importId=${crypto.randomUUID()}`,
      {
        token: ivan.token,
        body: part(5),
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(refusal);
    expect(await bytesOf(ivan.id)).toBe(600);
    expect(
      await t.db('journals').where({ user_id: ivan.id, title: 'Imported' }).first(),
    ).toBeUndefined();
    const taken = await serviceClient(t.url, 'archive', 'journals').call(
      'POST',
      `/internal/import?importId=${crypto.randomUUID()}`,
      {
        token: ivan.token,
        body: part(4),
      },
    );
    expect(taken.status, taken.text).toBe(200);
    expect(await bytesOf(ivan.id)).toBe(QUOTA);
  });
});
