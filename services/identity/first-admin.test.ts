// The first account of an installation becomes its admin, exactly once, even when several
// sign-ups reach the database at the same moment (issue 14). Here the sign-ups' transactions
// start together on MariaDB, without the hashing in front of them that spaces HTTP sign-ups out.
// In production (issue 24, finding 9) being first makes nobody admin: `ADMIN_EMAIL` does, once
// that address is verified, or the admin CLI.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrate, type Knex } from '@dayframe/service-kit/db';
import { createTestDatabase, type TestDatabase, finding } from '@dayframe/test-kit';
import { migrations } from './data/migrations.ts';
import { createUser } from './data/users-repo.ts';
import { startIdentity, type Harness } from './_harness.ts';
import { identityConfig } from './config.ts';

describe('the first admin on MariaDB', () => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase({ url: database.url, dataDir: '/nonexistent' });
    await migrate(db, 'identity', migrations);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('five concurrent first sign-ups make exactly one admin, and later ones are users', async () => {
    const create = (i: number) =>
      createUser(
        db,
        {
          id: randomUUID(),
          name: `First ${i}`,
          email: `first${i}@example.com`,
          passwordHash: 'x'.repeat(60),
          createdAt: new Date().toISOString(),
        },
        'Email already in use',
      );
    // Five connections open first, so the five transactions really run side by side.
    await Promise.all([0, 1, 2, 3, 4].map(() => db.raw('select sleep(0.05)')));
    const created = await Promise.all([0, 1, 2, 3, 4].map(create));
    expect(created.filter((u) => u.role === 'admin')).toHaveLength(1);
    const stored = await db('users').where({ role: 'admin' }).select('id');
    expect(stored.map((r) => r.id)).toEqual(
      created.filter((u) => u.role === 'admin').map((u) => u._id),
    );
    expect((await create(5)).role).toBe('user');
  });
});

describe('ADMIN_EMAIL, the setting', () => {
  it('is optional, stored normalised, and a bad value stops the start naming it', () => {
    expect(identityConfig({}).ADMIN_EMAIL).toBeUndefined();
    expect(identityConfig({ ADMIN_EMAIL: '' }).ADMIN_EMAIL).toBeUndefined();
    expect(identityConfig({ ADMIN_EMAIL: ' Boss@Example.COM ' }).ADMIN_EMAIL).toBe(
      'boss@example.com',
    );
    expect(() => identityConfig({ ADMIN_EMAIL: 'boss-at-example.com' })).toThrow(
      /ADMIN_EMAIL: must be an e-mail address/,
    );
  });
});

describe.each(['sqlite', 'mariadb'] as const)('who becomes admin on %s', (kind) => {
  const harnesses: Harness[] = [];
  const start = async (env?: NonNullable<Parameters<typeof startIdentity>[1]>['env']) => {
    const h = await startIdentity(kind, { env });
    harnesses.push(h);
    return h;
  };
  afterAll(async () => {
    for (const h of harnesses) await h.stop();
  });

  const role = async (h: Harness, email: string) =>
    (await h.db('users').where({ email }).first()).role;
  const adminCall = (h: Harness, token: string) =>
    h.api.call('GET', '/api/admin/users', { token }).then((res) => res.status);
  /** Has a code sent to `email` and verifies it: what only the mailbox's reader can do. */
  const verify = async (h: Harness, email: string) => {
    expect((await h.api.call('POST', '/api/auth/otp/send', { body: { email } })).status).toBe(200);
    const otp = await h.nextCode(email);
    const res = await h.api.call('POST', '/api/auth/otp/verify', { body: { email, otp } });
    expect(res.status).toBe(200);
    h.clock.advance(61_000); // past the resend cooldown
    return res.body as { token: string; user: { role: string } };
  };

  it('by default (not production) the first account is still the admin, the rest users', async () => {
    const h = await start();
    const first = await h.verifiedUser('First', 'first@example.com');
    const second = await h.verifiedUser('Second', 'second@example.com');
    expect([first.user.role, second.user.role]).toEqual(['admin', 'user']);
    expect(await adminCall(h, first.token)).toBe(200);
  });

  it('in production without ADMIN_EMAIL the first verified account is a user; the admin CLI grants', async () => {
    const h = await start({ NODE_ENV: 'production' });
    const first = await h.verifiedUser('First', 'first@example.com');
    expect(first.user.role).toBe('user');
    expect(await role(h, 'first@example.com')).toBe('user');
    expect(await adminCall(h, first.token)).toBe(403);
    expect((await h.verifiedUser('Second', 'second@example.com')).user.role).toBe('user');
    // What `npm run admin -- grant` does (admin-cli.test.ts runs the command in production).
    expect(await h.identity.setRole('First@Example.com', 'admin')).toBe(true);
    expect(await adminCall(h, first.token)).toBe(200);
  });

  it('in production ADMIN_EMAIL becomes admin when verified, not when signed up (a squatter stays a user)', () =>
    finding('R3-9 first stranger to sign up becomes admin', 'refused', async () => {
      const h = await start({ NODE_ENV: 'production', ADMIN_EMAIL: 'Boss@Example.com' });
      expect((await h.verifiedUser('First', 'first@example.com')).user.role).toBe('user');
      // Someone signs up with the address first but cannot read its mail.
      const squatter = await h.signup('Squatter', 'BOSS@example.com');
      expect(squatter.user.role).toBe('user');
      expect(await role(h, 'boss@example.com')).toBe('user');
      expect(await adminCall(h, squatter.token)).toBe(403);
      const wrong = await h.api.call('POST', '/api/auth/otp/verify', {
        body: { email: 'boss@example.com', otp: '000000' },
      });
      expect(wrong.status).toBe(400);
      expect(await role(h, 'boss@example.com')).toBe('user');

      // Whoever reads the mailbox verifies the address: now it is the admin.
      const owner = await verify(h, 'boss@example.com');
      expect(owner.user.role).toBe('admin');
      expect(await role(h, 'boss@example.com')).toBe('admin');
      expect(await adminCall(h, owner.token)).toBe(200);

      // A revoke by the admin CLI holds when the address signs in by code again.
      expect(await h.identity.setRole('boss@example.com', 'user')).toBe(true);
      expect((await verify(h, 'boss@example.com')).user.role).toBe('user');
      expect(await role(h, 'boss@example.com')).toBe('user');
    }));

  it('outside production ADMIN_EMAIL is made admin on verification as well as the first account', async () => {
    const h = await start({ NODE_ENV: 'test', ADMIN_EMAIL: 'boss@example.com' });
    expect((await h.verifiedUser('First', 'first@example.com')).user.role).toBe('admin');
    expect((await h.signup('Boss', 'boss@example.com')).user.role).toBe('user');
    const boss = await verify(h, 'boss@example.com');
    expect(boss.user.role).toBe('admin');
    expect(await adminCall(h, boss.token)).toBe(200);
    expect((await h.verifiedUser('Third', 'third@example.com')).user.role).toBe('user');
  });
});
