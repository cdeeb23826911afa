import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES, adminUsersSummary, userList } from '@dayframe/contracts';
import { nextLink, walkPages } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

describe.each(['sqlite', 'mariadb'] as const)('the admin user list, paged on %s', (kind) => {
  let h: Harness;
  let admin: string;
  let user: string;
  /** Every account, newest first (ties in createdAt by id, descending): the list's order. */
  let everyone: { _id: string; email: string }[];

  beforeAll(async () => {
    h = await startIdentity(kind);
    admin = (await h.verifiedUser('Admin', 'admin@example.com')).token;
    user = (await h.verifiedUser('User', 'user@example.com')).token;
    // Accounts are rows here, not sign-ups: the list is under test, not the sign-up limits.
    // Several share a createdAt to the millisecond, so the tie-break by id crosses page edges.
    const rows = Array.from({ length: 23 }, (_, n) => ({
      id: randomUUID(),
      name: n % 5 === 0 ? `Grace ${n}` : `Person ${n}`,
      email: n % 7 === 0 ? `p${n}@lab.example` : `p${n}@example.com`,
      password_hash: 'x',
      role: n === 4 ? 'admin' : 'user',
      verified: n % 2 === 0,
      session_version: 0,
      created_at: `2026-11-0${1 + (n % 3)}T08:00:00.000Z`,
    }));
    await h.db('users').insert(rows);
    everyone = (await h.db('users').select('id', 'email', 'created_at'))
      .sort((a, b) =>
        a.created_at === b.created_at
          ? a.id < b.id
            ? 1
            : -1
          : a.created_at < b.created_at
            ? 1
            : -1,
      )
      .map((row) => ({ _id: row.id, email: row.email }));
  });
  afterAll(() => h.stop());

  it('walks every user exactly once, in order, with the total on every page', async () => {
    for (const limit of [1, 4, 10, 25]) {
      const { pages, items } = await walkPages(h.api, `/api/admin/users?limit=${limit}`, admin);
      expect(
        items.map((u) => u._id),
        `limit ${limit}`,
      ).toEqual(everyone.map((u) => u._id));
      expect(pages.length).toBe(Math.ceil(everyone.length / limit));
      for (const page of pages) userList.parse(page);
    }
    const first = await h.api.call('GET', '/api/admin/users?limit=10', { token: admin });
    expect(first.headers.get('x-total-count')).toBe(String(everyone.length));
    expect(nextLink(first.headers)).toMatch(/^\/api\/admin\/users\?limit=10&cursor=[\w-]+$/);
    const whole = await h.api.call('GET', '/api/admin/users', { token: admin });
    // 25 accounts fit the default page of 50: one page, no link.
    expect(whole.body).toHaveLength(everyone.length);
    expect(whole.headers.get('link')).toBeNull();
  });

  it('searches name, e-mail and shown role on the server, paging within the matches', async () => {
    const expectSearch = async (q: string, wanted: (u: { email: string }) => boolean) => {
      const { items } = await walkPages(
        h.api,
        `/api/admin/users?limit=2&q=${encodeURIComponent(q)}`,
        admin,
      );
      const matches = everyone.filter(wanted).map((u) => u._id);
      expect(
        items.map((u) => u._id),
        q,
      ).toEqual(matches);
      const first = await h.api.call('GET', `/api/admin/users?limit=2&q=${encodeURIComponent(q)}`, {
        token: admin,
      });
      expect(first.headers.get('x-total-count'), q).toBe(String(matches.length));
      return items;
    };
    const graces = await expectSearch('  GRACE ', (u) =>
      ['p0@', 'p5@', 'p10@', 'p15@', 'p20@'].some((p) => u.email.startsWith(p)),
    );
    expect(graces).toHaveLength(5);
    await expectSearch('lab.example', (u) => u.email.endsWith('@lab.example'));
    await expectSearch('adm', (u) => ['admin@example.com', 'p4@example.com'].includes(u.email));
    await expectSearch('USE', (u) => !['admin@example.com', 'p4@example.com'].includes(u.email));
    // LIKE's wildcards are plain characters in a search.
    await expectSearch('%', () => false);
    await expectSearch('p_@', () => false);
    const long = await h.api.call('GET', `/api/admin/users?q=${'x'.repeat(101)}`, { token: admin });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('validation_failed');
  });

  it('refuses a garbage cursor, a cursor of another search and a bad limit with a 400', async () => {
    const graces = await h.api.call('GET', '/api/admin/users?q=grace&limit=1', { token: admin });
    const graceLink = nextLink(graces.headers)!;
    const cursor = new URL(graceLink, 'http://x').searchParams.get('cursor')!;
    for (const bad of [
      'garbage',
      Buffer.from('[]').toString('base64url'),
      Buffer.from(JSON.stringify({ q: '', c: 1, i: 'x' })).toString('base64url'),
      cursor, // a cursor of the 'grace' search on the unfiltered list
    ]) {
      const response = await h.api.call('GET', `/api/admin/users?cursor=${bad}`, { token: admin });
      expect(response.status, bad).toBe(400);
      expect(response.body).toEqual({ message: PAGING_MESSAGES.badCursor, code: 'invalid_cursor' });
    }
    for (const limit of ['0', '101', 'all']) {
      const response = await h.api.call('GET', `/api/admin/users?limit=${limit}`, { token: admin });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(PAGING_MESSAGES.badLimit);
    }
    // Paging is for admins only, links included.
    expect((await h.api.call('GET', graceLink, { token: user })).status).toBe(403);
    expect((await h.api.call('GET', graceLink)).status).toBe(401);
  });

  it('sums up every account for the figures above the table, for admins only', async () => {
    const summary = await h.api.call('GET', '/api/admin/users/summary', { token: admin });
    expect(summary.status).toBe(200);
    expect(adminUsersSummary.parse(summary.body)).toEqual({
      users: everyone.length,
      // The two signed-up accounts are verified, and every even-numbered row.
      verified: 2 + 12,
      admins: 2,
    });
    expect((await h.api.call('GET', '/api/admin/users/summary', { token: user })).status).toBe(403);
  });
});
