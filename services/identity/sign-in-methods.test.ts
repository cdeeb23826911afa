import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedSignIn } from '@dayframe/contracts';
import { serviceClient } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

// An export's `account.signIn` (issue 28): which methods are on, asked by the archive with the
// person's own token. Whether and how many only: never the secret or a credential.
describe.each(['sqlite', 'mariadb'] as const)(
  'identity GET /internal/export/sign-in on %s',
  (kind) => {
    let h: Harness;
    beforeAll(async () => {
      h = await startIdentity(kind);
    });
    afterAll(() => h.stop());
    const ask = (caller: string, token?: string) =>
      serviceClient(h.api.baseUrl, caller, 'identity').call('GET', '/internal/export/sign-in', {
        token,
      });

    it('says password only, then the app and how many passkeys, and nothing secret', async () => {
      const { token, user } = await h.verifiedUser('Sam', 'sam@example.com');
      const before = await ask('archive', token);
      expect(before.status).toBe(200);
      expect(before.body).toEqual({ password: true, totp: false, passkeys: 0 });

      await h.db('totp_factors').insert({
        user_id: user._id,
        secret_enc: 'SECRET-CIPHERTEXT',
        enabled_at: '2026-11-22T10:00:00.000Z',
      });
      for (const name of ['Laptop', 'Phone'])
        await h.db('passkeys').insert({
          id: randomUUID(),
          user_id: user._id,
          credential_key: randomUUID().replaceAll('-', '').padEnd(64, '0'),
          credential_id: `CREDENTIAL-${name}`,
          public_key: `PUBLIC-KEY-${name}`,
          name,
          created_at: '2026-11-22T10:00:00.000Z',
        });
      const after = await ask('archive', token);
      expect(exportedSignIn.strict().parse(after.body)).toEqual({
        password: true,
        totp: true,
        passkeys: 2,
      });
      expect(after.text).not.toMatch(/SECRET|CREDENTIAL|PUBLIC-KEY|Laptop/);
    });

    it('refuses a caller the catalog does not allow, and a call without a live session', async () => {
      const { token } = await h.verifiedUser('Kim', 'kim@example.com');
      expect((await ask('journals', token)).status).toBe(403);
      expect((await ask('archive')).status).toBe(401);
      expect((await ask('archive', 'not-a-token')).status).toBe(401);
    });
  },
);
