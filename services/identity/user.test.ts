import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmed } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

describe.each(['sqlite', 'mariadb'] as const)(
  'profile, password and account deletion on %s',
  (kind) => {
    let h: Harness;
    beforeAll(async () => {
      h = await startIdentity(kind);
      await h.verifiedUser('Admin', 'admin@example.com');
    });
    afterAll(() => h.stop());

    it('changes the password only with a token from a code verified in the last 10 minutes', async () => {
      await h.verifiedUser('Pat', 'pat@example.com', 'old password 1');
      const login = await h.api.call('POST', '/api/auth/login', {
        body: { email: 'pat@example.com', password: 'old password 1' },
      });
      const sessionOnly = await h.api.call('PUT', '/api/user/password', {
        token: login.body.token,
        body: { newPassword: 'new password 2' },
      });
      expect(sessionOnly.status).toBe(403);

      await h.api.call('POST', '/api/auth/otp/send', { body: { email: 'pat@example.com' } });
      const verified = await h.api.call('POST', '/api/auth/otp/verify', {
        body: { email: 'pat@example.com', otp: await h.nextCode('pat@example.com') },
      });
      const short = await h.api.call('PUT', '/api/user/password', {
        token: verified.body.token,
        body: { newPassword: 'short' },
      });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Password must be at least 8 characters.');

      const changed = await h.api.call('PUT', '/api/user/password', {
        token: verified.body.token,
        body: { newPassword: 'new password 2' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.message).toBe('Password updated');
      // Every token from before the change is retired, the code token included; the new one works.
      expect(
        (await h.api.call('GET', '/api/auth/verify', { token: login.body.token })).status,
      ).toBe(401);
      expect(
        (await h.api.call('GET', '/api/auth/verify', { token: verified.body.token })).status,
      ).toBe(401);
      expect(
        (await h.api.call('GET', '/api/auth/verify', { token: changed.body.token })).status,
      ).toBe(200);
      expect(
        (
          await h.api.call('POST', '/api/auth/login', {
            body: { email: 'pat@example.com', password: 'old password 1' },
          })
        ).status,
      ).toBe(409);
      expect(
        (
          await h.api.call('POST', '/api/auth/login', {
            body: { email: 'pat@example.com', password: 'new password 2' },
          })
        ).status,
      ).toBe(200);
    });

    it('refuses a code token older than 10 minutes', async () => {
      h.clock.advance(61_000);
      await h.api.call('POST', '/api/auth/otp/send', { body: { email: 'pat@example.com' } });
      const verified = await h.api.call('POST', '/api/auth/otp/verify', {
        body: { email: 'pat@example.com', otp: await h.nextCode('pat@example.com') },
      });
      h.clock.advance(10 * 60_000 + 1_000);
      const res = await h.api.call('PUT', '/api/user/password', {
        token: verified.body.token,
        body: { newPassword: 'newer password 3' },
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/code/);
    });

    it('updates the profile with the spec messages, and a new e-mail must be verified again', async () => {
      const { token } = await h.verifiedUser('Rita', 'rita@example.com');
      const same = await h.api.call('PUT', '/api/user/update', {
        token,
        body: { name: 'Rita', email: 'rita@example.com' },
      });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe('Name and email are the same');
      const taken = await h.api.call('PUT', '/api/user/update', {
        token,
        body: { name: 'Rita', email: 'admin@example.com' },
      });
      expect(taken.status).toBe(403);
      expect(taken.body.message).toBe('Email already in use.');
      const renamed = await h.api.call('PUT', '/api/user/update', {
        token,
        body: { name: 'Rita L', email: 'rita@example.com' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.updatedUser).toMatchObject({
        name: 'Rita L',
        email: 'rita@example.com',
        verified: true,
      });
      // A code went to the old address moments ago: its cooldown must not hold up the new one.
      expect(
        (await h.api.call('POST', '/api/auth/otp/send', { body: { email: 'rita@example.com' } }))
          .status,
      ).toBe(200);
      // A new e-mail needs a token from a code verification: a plain session is not enough.
      const plain = await h.api.call('PUT', '/api/user/update', {
        token: renamed.body.token,
        body: { name: 'Rita L', email: 'rita.new@example.com' },
      });
      expect(plain.status).toBe(403);
      expect(plain.body).toEqual({
        message: 'Verify a code sent to your current e-mail before changing your e-mail.',
        code: 'code_required',
      });
      const moved = await h.api.call('PUT', '/api/user/update', {
        token,
        body: { name: 'Rita L', email: 'rita.new@example.com' },
      });
      expect(moved.status).toBe(200);
      // Every earlier token is retired; the answer's token is the one that works.
      expect(
        (await h.api.call('GET', '/api/auth/verify', { token: renamed.body.token })).status,
      ).toBe(401);
      expect(
        (await h.api.call('GET', '/api/auth/verify', { token: moved.body.token })).status,
      ).toBe(200);
      // The old address is told, naming the new one.
      await expect
        .poll(() => h.mails.find((m) => m.kind === 'email-changed' && m.to === 'rita@example.com'))
        .toMatchObject({ newEmail: 'rita.new@example.com', name: 'Rita L' });
      expect(moved.body.updatedUser).toMatchObject({
        email: 'rita.new@example.com',
        verified: false,
      });
      // The new address gets its code at once: the old address's cooldown does not carry over.
      expect(
        (
          await h.api.call('POST', '/api/auth/otp/send', {
            body: { email: 'rita.new@example.com' },
          })
        ).status,
      ).toBe(200);
      const blocked = await h.api.call('PUT', '/api/user/update', {
        token: moved.body.token,
        body: { name: 'Rita M', email: 'rita.new@example.com' },
      });
      expect(blocked.status).toBe(403);
      expect(blocked.body.message).toBe('Verify your e-mail address first.');
    });

    it('deletes the account: its tokens stop working and one account.deleted event is relayed from the outbox', async () => {
      const { token, user } = await h.verifiedUser('Del', 'del@example.com');
      const res = await h.api.call('DELETE', '/api/user/delete', {
        token,
        headers: await confirmed(h.api, { token }),
      });
      expect(res.status).toBe(200);
      expect((await h.api.call('GET', '/api/auth/verify', { token })).status).toBe(401);
      expect(
        (
          await h.api.call('POST', '/api/auth/login', {
            body: { email: 'del@example.com', password: 'correct horse battery' },
          })
        ).status,
      ).toBe(404);
      // One account.deleted event, relayed from the outbox after the commit; nothing else in it.
      await expect
        .poll(() => h.deletions.filter((d) => d.userId === user._id))
        .toEqual([
          {
            id: expect.any(String),
            userId: user._id,
            at: expect.any(String),
            signature: expect.any(String),
          },
        ]);
      expect(
        await h.db('outbox').whereNull('delivered_at').select('id'),
        'every event delivered',
      ).toEqual([]);
    });
  },
);
