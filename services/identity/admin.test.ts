import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmed } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

describe.each(['sqlite', 'mariadb'] as const)('admin routes on %s', (kind) => {
  let h: Harness;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    h = await startIdentity(kind);
    admin = (await h.verifiedUser('Admin', 'admin@example.com')).token;
    user = (await h.verifiedUser('User', 'user@example.com')).token;
  });
  afterAll(() => h.stop());
  /** The admin's session with a fresh confirmation: what deleting users takes. */
  const confirmedAdmin = async () => ({
    token: admin,
    headers: await confirmed(h.api, { token: admin }),
  });

  it('refuses every admin call to a non-admin and to nobody', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['DELETE', '/api/admin/users'],
      ['DELETE', '/api/admin/users/some-id'],
    ] as const) {
      const asUser = await h.api.call(method, path, { token: user });
      expect(asUser.status).toBe(403);
      expect(asUser.body.message).toBe('Admins only.');
      expect((await h.api.call(method, path)).status).toBe(401);
    }
    expect((await h.db('users').count({ n: '*' }))[0]!.n).toEqual(2);
  });

  it('lists users newest first without secrets', async () => {
    const res = await h.api.call('GET', '/api/admin/users', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { email: string }) => u.email)).toEqual([
      'user@example.com',
      'admin@example.com',
    ]);
    expect(Object.keys(res.body[0]).sort()).toEqual([
      '_id',
      'createdAt',
      'email',
      'name',
      'role',
      'secondFactor',
      'verified',
    ]);
  });

  it('deletes one user, refuses unknown ids, admins and itself', async () => {
    const victim = await h.signup('Victim', 'victim@example.com');
    expect(
      (await h.api.call('DELETE', `/api/admin/users/${victim.user._id}`, await confirmedAdmin()))
        .body.message,
    ).toBe('User successfully deleted');
    // One account.deleted event, relayed from the outbox.
    await expect
      .poll(() => h.deletions.filter((d) => d.userId === victim.user._id))
      .toHaveLength(1);
    expect(
      (await h.api.call('DELETE', `/api/admin/users/${victim.user._id}`, await confirmedAdmin()))
        .status,
    ).toBe(404);
    const adminId = (await h.api.call('GET', '/api/auth/verify', { token: admin })).body.user._id;
    expect(
      (await h.api.call('DELETE', `/api/admin/users/${adminId}`, await confirmedAdmin())).status,
    ).toBe(400);
    await h.signup('Second admin', 'admin2@example.com');
    await h.db('users').where({ email: 'admin2@example.com' }).update({ role: 'admin' });
    const other = (await h.db('users').where({ email: 'admin2@example.com' }).first()).id;
    expect(
      (await h.api.call('DELETE', `/api/admin/users/${other}`, await confirmedAdmin())).status,
    ).toBe(403);
  });

  it('Delete All removes every non-admin account and spares admins', async () => {
    await h.signup('A', 'a@example.com');
    await h.signup('B', 'b@example.com');
    const res = await h.api.call('DELETE', '/api/admin/users', await confirmedAdmin());
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(3);
    const kept = new Set((await h.db('users').select('id')).map((r) => r.id));
    // An event for each deleted account, none for the admins kept.
    await expect.poll(() => h.deletions.length, { timeout: 5_000 }).toBe(4); // the victim's + 3
    expect(h.deletions.filter((d) => kept.has(d.userId))).toEqual([]);
    const left = await h.db('users').select('email');
    expect(left.map((r) => r.email).sort()).toEqual(['admin2@example.com', 'admin@example.com']);
    expect((await h.api.call('GET', '/api/auth/verify', { token: user })).status).toBe(401);
  });

  it('sees a revoked admin lose access at once, whatever the token says', async () => {
    await h.db('users').where({ email: 'admin2@example.com' }).update({ role: 'user' });
    const login = await h.api.call('POST', '/api/auth/login', {
      body: { email: 'admin@example.com', password: 'correct horse battery' },
    });
    await h.db('users').where({ email: 'admin@example.com' }).update({ role: 'user' });
    expect((await h.api.call('GET', '/api/admin/users', { token: login.body.token })).status).toBe(
      403,
    );
  });
});
