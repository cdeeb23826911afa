import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayframeExport } from '@dayframe/contracts';
import { DATABASE_KINDS, type TestUser } from '@dayframe/test-kit';
import { startArchiveTestApp, unzip, upload, type ArchiveTestApp } from './_test-app.ts';

// Issue 28: the export's `account` part says which sign-in methods were on, never what they
// are; an import reads past it and changes no factor.
describe.each(DATABASE_KINDS)('the export’s sign-in methods on %s', (kind) => {
  let app: ArchiveTestApp;
  beforeAll(async () => {
    app = await startArchiveTestApp(kind);
  });
  afterAll(() => app?.close());

  /** The test user as identity has it, with an app that is on and `passkeys` passkeys. */
  async function account(user: TestUser, factors: { totp: boolean; passkeys: number }) {
    await app.db('users').insert({
      id: user.id,
      name: 'Pat',
      email: `${user.id}@example.com`,
      password_hash: 'PASSWORD-HASH',
      role: 'user',
      verified: true,
      session_version: 0,
      created_at: '2026-11-01T10:00:00.000Z',
    });
    if (factors.totp)
      await app.db('totp_factors').insert({
        user_id: user.id,
        secret_enc: 'TOTP-SECRET-CIPHERTEXT',
        enabled_at: '2026-11-20T10:00:00.000Z',
        last_step: 1,
      });
    for (let n = 0; n < factors.passkeys; n++)
      await app.db('passkeys').insert({
        id: randomUUID(),
        user_id: user.id,
        credential_key: randomUUID().replaceAll('-', '').padEnd(64, '0'),
        credential_id: `CREDENTIAL-ID-${n}`,
        public_key: `PUBLIC-KEY-${n}`,
        name: `Key ${n}`,
        created_at: '2026-11-20T10:00:00.000Z',
      });
  }

  const factorRows = async () => ({
    totp: await app.db('totp_factors').orderBy('user_id').select(),
    passkeys: await app.db('passkeys').orderBy('id').select(),
  });

  async function exportJson(user: TestUser): Promise<string> {
    const res = await app.api.call('GET', '/api/export?format=json', {
      token: user.token,
      headers: app.sessions.confirmed(user),
    });
    expect(res.status, res.text).toBe(200);
    return res.text;
  }

  it('says which methods were on, in the JSON and in the zip, and nothing secret', async () => {
    const plain = app.sessions.newUser();
    await account(plain, { totp: false, passkeys: 0 });
    const guarded = app.sessions.newUser();
    await account(guarded, { totp: true, passkeys: 2 });

    const plainJson = JSON.parse(await exportJson(plain)) as DayframeExport;
    expect(plainJson.account).toEqual({ signIn: { password: true, totp: false, passkeys: 0 } });

    const text = await exportJson(guarded);
    expect((JSON.parse(text) as DayframeExport).account).toEqual({
      signIn: { password: true, totp: true, passkeys: 2 },
    });
    // No secret, credential, key, name or hash of a factor, under any name.
    expect(text).not.toMatch(/TOTP-SECRET|CREDENTIAL-ID|PUBLIC-KEY|Key 0|PASSWORD-HASH/);
    expect(text).not.toMatch(/"(secret|secret_enc|credential\w*|public_?key|recovery\w*)"/i);

    const zip = await fetch(new URL('/api/export', app.url), {
      headers: { authorization: `Bearer ${guarded.token}`, ...app.sessions.confirmed(guarded) },
    });
    expect(zip.status).toBe(200);
    const files = await unzip(Buffer.from(await zip.arrayBuffer()));
    const inZip = JSON.parse(files.get('dayframe.json')!) as DayframeExport;
    expect(inZip.account.signIn).toEqual({ password: true, totp: true, passkeys: 2 });
    for (const [name, content] of files)
      expect(content, name).not.toMatch(/TOTP-SECRET|CREDENTIAL-ID|PUBLIC-KEY/);
  });

  it('imports an export that says so, into an account with other methods, changing no factor', async () => {
    const from = app.sessions.newUser();
    await account(from, { totp: true, passkeys: 1 });
    const made = await app.journalsApi.call('POST', '/api/journals', {
      token: from.token,
      body: { title: 'Notes', description: '' },
    });
    expect(made.status).toBe(201);
    const text = await exportJson(from);

    const into = app.sessions.newUser();
    await account(into, { totp: false, passkeys: 0 });
    const before = await factorRows();
    const imported = await upload(app.url, into.token, text, 'application/json');
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ journals: { created: 1, matched: 0 } });
    expect(await factorRows()).toEqual(before);
    // The account it was imported into still says what it said.
    expect((JSON.parse(await exportJson(into)) as DayframeExport).account.signIn).toEqual({
      password: true,
      totp: false,
      passkeys: 0,
    });
    // And an `account` part shaped like nothing still imports (an import never reads it).
    const odd = JSON.stringify({ ...JSON.parse(text), account: { signIn: 'yes', extra: [1] } });
    const again = await upload(app.url, into.token, odd, 'application/json');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await factorRows()).toEqual(before);
  });
});
