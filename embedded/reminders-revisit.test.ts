import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Knex } from '@dayframe/service-kit/db';
import { confirmed } from '@dayframe/test-kit';
import { startEmbeddedApp } from './_harness.ts';

// Embedded topology (one process, SQLite): reminders asks journals by a function call whether a
// revisit's entry is the person's, and account.deleted removes the revisits.
describe('revisit reminders, embedded', () => {
  let gw: Awaited<ReturnType<typeof startEmbeddedApp>>;
  let db: Knex;
  beforeAll(async () => {
    gw = await startEmbeddedApp({ ORPHAN_SWEEP_FIRST_MS: '3600000' });
    db = createDatabase({ dataDir: gw.dataDir });
  });
  afterAll(async () => {
    await db?.destroy();
    await gw?.stop();
  });

  it('sets a revisit of one’s own entry only, and forgets it with the account', async () => {
    const ada = await gw.verifiedUser('Ada', 'ada@example.com');
    const bob = await gw.verifiedUser('Bob', 'bob@example.com');
    const journal = await gw.api.call('POST', '/api/journals', {
      token: ada.token,
      body: { title: 'Days' },
    });
    const entry = await gw.api.call('POST', `/api/entry/${journal.body._id}`, {
      token: ada.token,
      body: { title: 'Lake', content: 'Swam at dawn.', date: '2026-05-01' },
    });
    expect(entry.status).toBe(201);
    // The embedded app runs on the real clock: New Year's Day next year is always ahead.
    const on = `${new Date().getUTCFullYear() + 1}-01-01`;

    const set = await gw.api.call('POST', '/api/reminders/revisit', {
      token: ada.token,
      body: { entryId: entry.body._id, on },
    });
    expect(set.status).toBe(201);
    expect(set.body).toEqual({ id: expect.any(String), entryId: entry.body._id, on });
    const notHis = await gw.api.call('POST', '/api/reminders/revisit', {
      token: bob.token,
      body: { entryId: entry.body._id, on },
    });
    expect(notHis.status).toBe(404);
    expect(notHis.body.message).toBe('Entry not found');

    expect(await db('reminder_revisits').where({ user_id: ada.user._id })).toHaveLength(1);
    const gone = await gw.api.call('DELETE', '/api/user/delete', {
      token: ada.token,
      headers: await confirmed(gw.api, ada),
    });
    expect(gone.status).toBe(200);
    await expect
      .poll(() => db('reminder_revisits').where({ user_id: ada.user._id }), { timeout: 5_000 })
      .toEqual([]);
  });
});
