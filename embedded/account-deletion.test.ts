import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Knex } from '@dayframe/service-kit/db';
import { confirmed } from '@dayframe/test-kit';
import { startEmbeddedApp } from './_harness.ts';

// Embedded topology (one process, SQLite, no Redis): the account.deleted event goes from
// identity's outbox through the in-process bus to journals, goals and media (rows and files in
// DATA_DIR/media), and a Delete All too.
describe('account deletion, embedded', () => {
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

  const verifiedUser = (name: string, email: string) => gw.verifiedUser(name, email);

  async function content(token: string) {
    const journal = await gw.api.call('POST', '/api/journals', { token, body: { title: 'J' } });
    expect(journal.status).toBe(201);
    const entry = await gw.api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { content: 'c', date: '2026-05-01' },
    });
    expect(entry.status).toBe(201);
    const goal = await gw.api.call('POST', '/api/goals', {
      token,
      body: { title: 'G', description: 'd', dateDue: '2026-06-01' },
    });
    expect(goal.status).toBe(201);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new TextEncoder().encode('%PDF-1.4\n' + ' '.repeat(300))]),
      'a.pdf',
    );
    const file = await fetch(new URL('/api/media', gw.url), {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(201);
  }
  const filesOf = (userId: string) => {
    try {
      return readdirSync(join(gw.dataDir, 'media', userId)).length;
    } catch {
      return 0;
    }
  };
  const rowsOf = async (userId: string) => {
    const counts = [];
    for (const table of ['journals', 'entries', 'goals', 'media'])
      counts.push(
        Number((await db(table).where({ user_id: userId }).count({ n: '*' }).first())?.n),
      );
    counts.push(filesOf(userId));
    return counts;
  };

  it('removes everything of an account deleted by its owner, then of everyone by Delete All', async () => {
    const admin = await verifiedUser('Admin', 'admin@example.com'); // the first account is the admin
    const leaver = await verifiedUser('Leaver', 'leaver@example.com');
    const others = [
      await verifiedUser('One', 'one@example.com'),
      await verifiedUser('Two', 'two@example.com'),
    ];
    for (const who of [admin, leaver, ...others]) await content(who.token);
    expect(await rowsOf(leaver.user._id)).toEqual([1, 1, 1, 1, 1]);

    const byOwner = await gw.api.call('DELETE', '/api/user/delete', {
      token: leaver.token,
      headers: await confirmed(gw.api, leaver),
    });
    expect(byOwner.status).toBe(200);
    await expect.poll(() => rowsOf(leaver.user._id), { timeout: 5_000 }).toEqual([0, 0, 0, 0, 0]);

    const byAdmin = await gw.api.call('DELETE', '/api/admin/users', {
      token: admin.token,
      headers: await confirmed(gw.api, admin),
    });
    expect(byAdmin.status).toBe(200);
    for (const other of others)
      await expect.poll(() => rowsOf(other.user._id), { timeout: 5_000 }).toEqual([0, 0, 0, 0, 0]);
    expect(await rowsOf(admin.user._id)).toEqual([1, 1, 1, 1, 1]);
    expect(await db('outbox').whereNull('delivered_at').count({ n: '*' }).first()).toEqual({
      n: 0,
    });
  });
});
