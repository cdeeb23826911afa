// Services in identity's process (the embedded topology) check sessions through a cache that
// trusts a confirmed session for a moment. Every change identity makes to what that check reads
// must clear it at once: here the clock stands still, so a stale cached answer would be trusted
// for as long as the test runs, and only the repositories' `sessionsChanged` can end it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmed } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';
import { markUserVerified } from './data/users-repo.ts';

// The cache and its wiring live in the process, not in the database: one engine is enough.
describe('identity tells the in-process session cache of its own changes at once', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity('sqlite');
    await h.verifiedUser('Admin', 'admin@example.com'); // the first account is the admin
  });
  afterAll(() => h.stop());

  /** What a service mounted in identity's process is told about `token`. */
  const current = (token: string) => h.identity.checkSession(token, h.tokens.verify(token)!);

  it('after Log Out', async () => {
    const { token } = await h.verifiedUser('Lou', 'lou@example.com');
    expect(await current(token)).toMatchObject({ verified: true });
    expect((await h.api.call('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect(await current(token)).toBeNull();
  });

  it('after a password change, for the token that changed it too', async () => {
    const { token } = await h.verifiedUser('Pat', 'pat@example.com');
    expect(await current(token)).not.toBeNull();
    const changed = await h.api.call('PUT', '/api/user/password', {
      token,
      body: { newPassword: 'another long password' },
    });
    expect(changed.status).toBe(200);
    expect(await current(token)).toBeNull();
    expect(await current(changed.body.token)).not.toBeNull();
  });

  it('after a new e-mail address, which must be verified again', async () => {
    const { token } = await h.verifiedUser('Eve', 'eve@example.com');
    expect(await current(token)).not.toBeNull();
    const updated = await h.api.call('PUT', '/api/user/update', {
      token,
      body: { name: 'Eve', email: 'eve.new@example.com' },
    });
    expect(updated.status).toBe(200);
    expect(await current(token)).toBeNull();
    expect(await current(updated.body.token)).toMatchObject({ verified: false });
  });

  it('after the e-mail address is verified', async () => {
    const { token } = await h.signup('Val', 'val@example.com');
    expect(await current(token)).toMatchObject({ verified: false });
    await h.api.call('POST', '/api/auth/otp/send', { body: { email: 'val@example.com' } });
    const verified = await h.api.call('POST', '/api/auth/otp/verify', {
      body: { email: 'val@example.com', otp: await h.nextCode('val@example.com') },
    });
    expect(verified.status).toBe(200);
    expect(await current(token)).toMatchObject({ verified: true });
  });

  it('after the admin role is granted or revoked', async () => {
    const { token } = await h.verifiedUser('Ada', 'ada@example.com');
    expect(await current(token)).toMatchObject({ role: 'user' });
    expect(await h.identity.setRole('ada@example.com', 'admin')).toBe(true);
    expect(await current(token)).toMatchObject({ role: 'admin' });
    expect(await h.identity.setRole('ada@example.com', 'user')).toBe(true);
    expect(await current(token)).toMatchObject({ role: 'user' });
  });

  it('after the account is deleted, by its owner or by an admin', async () => {
    const own = await h.verifiedUser('Del', 'del@example.com');
    const other = await h.verifiedUser('Dee', 'dee@example.com');
    const admin = await h.api.call('POST', '/api/auth/login', {
      body: { email: 'admin@example.com', password: 'correct horse battery' },
    });
    expect(await current(own.token)).not.toBeNull();
    expect(await current(other.token)).not.toBeNull();
    const deleted = await h.api.call('DELETE', '/api/user/delete', {
      token: own.token,
      headers: await confirmed(h.api, own),
    });
    expect(deleted.status).toBe(200);
    expect(await current(own.token)).toBeNull();
    const byAdmin = await h.api.call('DELETE', `/api/admin/users/${other.user._id}`, {
      token: admin.body.token,
      headers: await confirmed(h.api, admin.body),
    });
    expect(byAdmin.status).toBe(200);
    expect(await current(other.token)).toBeNull();
  });

  it('inside a transaction, only once it commits, and not at all when it rolls back', async () => {
    const { user } = await h.signup('Tom', 'tom@example.com');
    const told: (string | undefined)[] = [];
    const tell = (userId?: string) => void told.push(userId);
    await expect(
      h.db.transaction(async (trx) => {
        await markUserVerified(trx, tell, user._id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await h.db.transaction(async (trx) => {
      await markUserVerified(trx, tell, user._id);
      // Told now, a lookup before the commit would read the old row and be trusted again.
      expect(told).toEqual([]);
    });
    expect(told).toEqual([user._id]);
  });
});
