import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_REQUIRED, SIGN_IN_SECURITY_MESSAGES, userList } from '@dayframe/contracts';
import { confirmed, explainQuery } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

/** An authenticator app for the account: on (`enabled_at` set) or still being set up. */
async function giveTotp(h: Harness, userId: string, on: boolean) {
  await h.db('totp_factors').insert({
    user_id: userId,
    secret_enc: 'not-a-real-secret',
    enabled_at: on ? '2026-11-20T10:00:00.000Z' : null,
  });
}

async function givePasskey(h: Harness, userId: string) {
  const id = randomUUID();
  await h.db('passkeys').insert({
    id,
    user_id: userId,
    credential_key: id.replaceAll('-', '').padEnd(64, '0'),
    credential_id: `cred-${id}`,
    public_key: 'pk',
    name: 'Laptop',
    created_at: '2026-11-20T10:00:00.000Z',
  });
}

const idOf = async (h: Harness, email: string): Promise<string> =>
  (await h.db('users').where({ email }).first('id')).id;

describe.each(['sqlite', 'mariadb'] as const)('second factors in the admin list on %s', (kind) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startIdentity(kind);
    admin = (await h.verifiedUser('Admin', 'admin@example.com')).token;
    for (const who of ['none', 'pending', 'totp', 'passkey', 'both'])
      await h.signup(who, `${who}@example.com`);
    await giveTotp(h, await idOf(h, 'pending@example.com'), false);
    await giveTotp(h, await idOf(h, 'totp@example.com'), true);
    await givePasskey(h, await idOf(h, 'passkey@example.com'));
    await giveTotp(h, await idOf(h, 'both@example.com'), true);
    await givePasskey(h, await idOf(h, 'both@example.com'));
    await givePasskey(h, await idOf(h, 'both@example.com'));
  });
  afterAll(() => h.stop());

  it('says per account whether an app that is on or a passkey guards it', async () => {
    const res = await h.api.call('GET', '/api/admin/users', { token: admin });
    expect(res.status).toBe(200);
    const flags = Object.fromEntries(
      userList.parse(res.body).map((u) => [u.email, u.secondFactor]),
    );
    expect(flags).toEqual({
      'admin@example.com': false,
      'none@example.com': false,
      // Set-up begun but never finished with a code: not a second factor yet.
      'pending@example.com': false,
      'totp@example.com': true,
      'passkey@example.com': true,
      // Two passkeys and an app are still one row, one yes.
      'both@example.com': true,
    });
  });

  it('reads the flags in the page query itself, by the factor tables’ keys', async () => {
    const selects: { sql: string; bindings: readonly unknown[] }[] = [];
    const capture = (q: { sql: string; bindings?: readonly unknown[] }) => {
      if (/^\s*select/i.test(q.sql) && /totp_factors|passkeys/.test(q.sql))
        selects.push({ sql: q.sql, bindings: q.bindings ?? [] });
    };
    h.db.on('query', capture);
    try {
      expect((await h.api.call('GET', '/api/admin/users', { token: admin })).body).toHaveLength(6);
    } finally {
      h.db.removeListener('query', capture);
    }
    // One query for the whole page of six, not one per row.
    expect(selects).toHaveLength(1);
    const { plan } = await explainQuery(h.db, selects[0]!.sql, selects[0]!.bindings);
    if (kind === 'mariadb') {
      expect(plan).toMatch(/totp_factors: type=eq_ref key=PRIMARY/);
      expect(plan).toMatch(/passkeys: type=ref key=passkeys_user_index/);
    } else {
      expect(plan).toMatch(/SEARCH totp_factors USING INDEX \S+ \(user_id=\?\)/);
      expect(plan).toMatch(/SEARCH passkeys USING (COVERING )?INDEX passkeys_user_index/);
    }
  });
});

describe.each(['sqlite', 'mariadb'] as const)('REQUIRE_ADMIN_2FA on %s', (kind) => {
  let h: Harness;
  let admin: string;
  let adminId: string;
  let user: string;
  beforeAll(async () => {
    h = await startIdentity(kind, { env: { REQUIRE_ADMIN_2FA: 'true' } });
    admin = (await h.verifiedUser('Admin', 'admin@example.com')).token;
    adminId = await idOf(h, 'admin@example.com');
    user = (await h.verifiedUser('User', 'user@example.com')).token;
  });
  afterAll(() => h.stop());

  const adminCalls = async (token: string) => {
    const headers = await confirmed(h.api, { token });
    const userId = await idOf(h, 'user@example.com');
    return [
      h.api.call('GET', '/api/admin/users', { token }),
      h.api.call('GET', '/api/admin/users?q=user&limit=1', { token }),
      h.api.call('GET', '/api/admin/users/summary', { token }),
      h.api.call('DELETE', `/api/admin/users/${userId}`, { token, headers }),
      h.api.call('DELETE', '/api/admin/users', { token, headers }),
    ];
  };

  it('refuses every admin call to an admin without a second factor and changes nothing', async () => {
    for (const call of await adminCalls(admin)) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: SIGN_IN_SECURITY_MESSAGES.secondFactorRequired,
        code: SECOND_FACTOR_REQUIRED,
      });
    }
    expect((await h.db('users').count({ n: '*' }))[0]!.n).toEqual(2);
    // A set-up that never got its first code does not count.
    await giveTotp(h, adminId, false);
    expect((await h.api.call('GET', '/api/admin/users', { token: admin })).status).toBe(403);
    // The rest of the account works as before: the admin can reach Settings to set one up, and
    // Settings hears that it must (what sends the shell there); a plain user does not.
    expect((await h.api.call('GET', '/api/auth/verify', { token: admin })).status).toBe(200);
    expect((await h.api.call('GET', '/api/auth/2fa', { token: admin })).body.required).toBe(true);
    expect((await h.api.call('GET', '/api/auth/2fa', { token: user })).body.required).toBe(false);
    // A non-admin still hears 'Admins only.', not about second factors.
    const asUser = await h.api.call('GET', '/api/admin/users', { token: user });
    expect(asUser.status).toBe(403);
    expect(asUser.body.code).toBe('admin_only');
  });

  it('lets the admin in once an authenticator app is on, or with a passkey alone', async () => {
    await h.db('totp_factors').where({ user_id: adminId }).update({
      enabled_at: '2026-11-22T10:00:00.000Z',
    });
    const list = await h.api.call('GET', '/api/admin/users', { token: admin });
    expect(list.status).toBe(200);
    expect((await h.api.call('GET', '/api/auth/2fa', { token: admin })).body.required).toBe(false);
    expect(list.body.find((u: { _id: string }) => u._id === adminId).secondFactor).toBe(true);
    expect((await h.api.call('GET', '/api/admin/users/summary', { token: admin })).status).toBe(
      200,
    );
    await h.db('totp_factors').where({ user_id: adminId }).delete();
    expect((await h.api.call('GET', '/api/admin/users', { token: admin })).status).toBe(403);
    await givePasskey(h, adminId);
    expect((await h.api.call('GET', '/api/admin/users', { token: admin })).status).toBe(200);
    // And removing the last one shuts the door again, at once.
    await h.db('passkeys').where({ user_id: adminId }).delete();
    expect((await h.api.call('GET', '/api/admin/users', { token: admin })).status).toBe(403);
  });
});

describe('REQUIRE_ADMIN_2FA off (the default)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity('sqlite');
  });
  afterAll(() => h.stop());

  it('lets an admin without a second factor use the admin routes', async () => {
    const admin = (await h.verifiedUser('Admin', 'admin@example.com')).token;
    expect((await h.api.call('GET', '/api/admin/users', { token: admin })).status).toBe(200);
  });
});
