import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, testTokenKeys, type TestDatabase } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

const run = promisify(execFile);

function admin(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'services/identity/admin-cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      out: e.stdout + e.stderr,
    }),
  );
}

describe('npm run admin -- grant|revoke <email>', () => {
  let h: Harness;
  let database: Pick<TestDatabase, 'url'>;
  beforeAll(async () => {
    h = await startIdentity('mariadb');
    await h.signup('First', 'first@example.com');
    await h.signup('Second', 'second@example.com');
    database = { url: (h.db.client.config.connection as { uri: string }).uri };
  });
  afterAll(() => h.stop());

  const role = async (email: string) => (await h.db('users').where({ email }).first()).role;

  it('grants and revokes the admin role by e-mail', async () => {
    expect(await role('second@example.com')).toBe('user');
    const granted = await admin(['grant', 'Second@Example.com'], { DATABASE_URL: database.url });
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.out).toContain('second@example.com is now an admin');
    expect(await role('second@example.com')).toBe('admin');
    expect(
      (await admin(['revoke', 'second@example.com'], { DATABASE_URL: database.url })).code,
    ).toBe(0);
    expect(await role('second@example.com')).toBe('user');
  });

  it('grants in production too, where nobody becomes admin by signing up first', async () => {
    const production = {
      DATABASE_URL: database.url,
      NODE_ENV: 'production',
      JWT_PRIVATE_KEY: testTokenKeys().privateKey,
      CODE_HMAC_SECRET: 'a-code-key-for-this-test-that-is-long-enough',
      // The identity container's settings, which the CLI runs with; required in production.
      WEBAUTHN_RP_ID: 'dayframe.example',
      WEBAUTHN_ORIGINS: 'https://dayframe.example',
    };
    expect(await admin(['grant', 'second@example.com'], production)).toMatchObject({ code: 0 });
    expect(await role('second@example.com')).toBe('admin');
    expect(await admin(['revoke', 'second@example.com'], production)).toMatchObject({ code: 0 });
    expect(await role('second@example.com')).toBe('user');
  });

  it('says so when no account has that e-mail, and explains its usage', async () => {
    const missing = await admin(['grant', 'nobody@example.com'], { DATABASE_URL: database.url });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('No account with e-mail nobody@example.com');
    const usage = await admin(['promote'], { DATABASE_URL: database.url });
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage: npm run admin -- grant|revoke <email>');
  });
});
