import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

// Where a reminder is mailed (decision 0051): only reminders may ask, and only a verified
// address is given, so a reminder never reaches an address its owner has not confirmed.
describe.each(['sqlite', 'mariadb'] as const)(
  'identity POST /internal/users/mail-address on %s',
  (kind) => {
    let h: Harness;
    beforeAll(async () => {
      h = await startIdentity(kind);
    });
    afterAll(() => h.stop());
    const ask = (caller: string, userId: unknown) =>
      serviceClient(h.api.baseUrl, caller, 'identity').call(
        'POST',
        '/internal/users/mail-address',
        { body: { userId } },
      );

    it('answers a verified account its address and name, and null before it is verified', async () => {
      const verified = await h.verifiedUser('Vera', 'vera@example.com');
      const answer = await ask('reminders', verified.user._id);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ address: { email: 'vera@example.com', name: 'Vera' } });

      const unverified = await h.signup('Una', 'una@example.com');
      expect((await ask('reminders', unverified.user._id)).body).toEqual({ address: null });
      expect((await ask('reminders', crypto.randomUUID())).body).toEqual({ address: null });
    });

    it('refuses a caller the catalog does not allow, and a body without a user id', async () => {
      const verified = await h.verifiedUser('Wes', 'wes@example.com');
      const journals = await ask('journals', verified.user._id);
      expect(journals.status).toBe(403);
      expect(JSON.stringify(journals.body)).not.toContain('wes@example.com');
      const bad = await ask('reminders', 42);
      expect(bad.status).toBe(400);
    });
  },
);
