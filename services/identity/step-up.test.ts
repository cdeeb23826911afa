// Step-up (issue 24, finding 9): what a session token copied from local storage must not do
// alone (delete the account, an admin deleting users) needs a confirmation from the last ten
// minutes, on this sign-in, by the password or a mailed code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_HEADER } from '@dayframe/contracts';
import { confirmed, finding } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

const REAUTH = { message: "Confirm it's you to continue.", code: 'reauth_required' };
const PASSWORD = 'correct horse battery';

describe.each(['sqlite', 'mariadb'] as const)('step-up on %s', (kind) => {
  let h: Harness;
  let admin: { token: string; user: { _id: string } };
  beforeAll(async () => {
    h = await startIdentity(kind);
    admin = await h.verifiedUser('Admin', 'admin@example.com'); // the first account: admin here
  });
  afterAll(() => h.stop());

  const count = async () => Number((await h.db('users').count({ n: '*' }))[0]!.n);
  const exists = async (id: string) => (await h.db('users').where({ id }).first()) !== undefined;
  const confirmedBy = (token: string) => confirmed(h.api, { token, password: PASSWORD });
  const proof = async (token: string) => (await confirmedBy(token))[CONFIRMATION_HEADER]!;

  /** Every way a guarded call must be refused, and then done with a good confirmation. */
  async function refusedThenDone(
    target: { token: string; call: [method: string, path: string] },
    other: { token: string },
    unchanged: () => Promise<boolean>,
  ) {
    const [method, path] = target.call;
    const attempt = (headers: Record<string, string> = {}, token = target.token) =>
      h.api.call(method, path, { token, headers });
    const refusals: Array<[string, Record<string, string>, string?]> = [
      ['no confirmation', {}],
      ['garbage', { [CONFIRMATION_HEADER]: 'not-a-token' }],
      // The session token is signed with the same key, but it is no confirmation.
      ['the session token itself', { [CONFIRMATION_HEADER]: target.token }],
      ["another user's confirmation", { [CONFIRMATION_HEADER]: await proof(other.token) }],
    ];
    const expired = await proof(target.token);
    h.clock.advance(10 * 60_000 + 1_000);
    refusals.push(['an expired confirmation', { [CONFIRMATION_HEADER]: expired }]);
    for (const [what, headers] of refusals) {
      const reply = await attempt(headers);
      expect({ what, status: reply.status, body: reply.body }).toEqual({
        what,
        status: 403,
        body: REAUTH,
      });
    }
    // A confirmation cannot stand in for the session either.
    const asSession = await h.api.call(method, path, {
      token: await proof(target.token),
      headers: { [CONFIRMATION_HEADER]: await proof(target.token) },
    });
    expect(asSession.status).toBe(401);
    expect(await unchanged()).toBe(true);

    const done = await attempt(await confirmedBy(target.token));
    expect(done.status).toBe(200);
    return done;
  }

  it('deletes the own account only with a fresh confirmation of this session', async () => {
    await finding('R3-9 a copied token alone cannot delete the account', 'refused', async () => {
      const own = await h.verifiedUser('Own', 'own@example.com');
      const other = await h.verifiedUser('Other', 'other@example.com');
      await refusedThenDone({ token: own.token, call: ['DELETE', '/api/user/delete'] }, other, () =>
        exists(own.user._id),
      );
      expect(await exists(own.user._id)).toBe(false);
      expect(await exists(other.user._id)).toBe(true);
    });
  });

  it('lets an admin delete one user, or every user, only with a fresh confirmation', async () => {
    await finding('R3-9 a copied admin token alone cannot delete users', 'refused', async () => {
      const victim = await h.verifiedUser('Victim', 'victim@example.com');
      await refusedThenDone(
        { token: admin.token, call: ['DELETE', `/api/admin/users/${victim.user._id}`] },
        victim,
        () => exists(victim.user._id),
      );
      expect(await exists(victim.user._id)).toBe(false);

      const another = await h.verifiedUser('Another', 'another@example.com');
      const before = await count();
      const all = await refusedThenDone(
        { token: admin.token, call: ['DELETE', '/api/admin/users'] },
        another,
        async () => (await count()) === before,
      );
      expect(all.body.deleted).toBe(before - 1);
      expect(await count()).toBe(1);
    });
  });

  it('a confirmation dies with its sign-in and with a sign-out everywhere', async () => {
    await finding('R3-9 a confirmation outlives no session', 'refused', async () => {
      const pat = await h.verifiedUser('Pat', 'pat@example.com');
      // Another sign-in of the same user (another device): its confirmation is not this one's.
      const elsewhere = await h.api.call('POST', '/api/auth/login', {
        body: { email: 'pat@example.com', password: PASSWORD },
      });
      const fromElsewhere = await confirmedBy(elsewhere.body.token);
      const refused = await h.api.call('DELETE', '/api/user/delete', {
        token: pat.token,
        headers: fromElsewhere,
      });
      expect(refused.body).toEqual(REAUTH);

      // A password change signs out everywhere (every token's version retired); this session
      // carries on with the token it answers, but a confirmation from before is refused.
      const before = await confirmedBy(pat.token);
      await h.api.call('POST', '/api/auth/otp/send', { body: { email: 'pat@example.com' } });
      const code = await h.api.call('POST', '/api/auth/otp/verify', {
        body: { email: 'pat@example.com', otp: await h.nextCode('pat@example.com') },
      });
      const changed = await h.api.call('PUT', '/api/user/password', {
        token: code.body.token,
        body: { newPassword: PASSWORD },
      });
      expect(changed.status).toBe(200);
      const stale = await h.api.call('DELETE', '/api/user/delete', {
        token: changed.body.token,
        headers: before,
      });
      expect(stale.body).toEqual(REAUTH);
      expect(await exists(pat.user._id)).toBe(true);
    });
  });

  it('confirms by a mailed code, single use, and refuses wrong answers in the usual shapes', async () => {
    const kim = await h.verifiedUser('Kim', 'kim@example.com');
    const confirm = (body: unknown, token = kim.token) =>
      h.api.call('POST', '/api/auth/confirm', { token, body });
    expect(
      (await h.api.call('POST', '/api/auth/confirm', { body: { password: PASSWORD } })).status,
    ).toBe(401);
    expect((await confirm({})).body).toEqual({
      message: 'Enter your password or the code we e-mailed you.',
      code: 'validation_failed',
    });
    expect((await confirm({ password: 'wrong password' })).body).toEqual({
      message: 'Incorrect password',
      code: 'incorrect_password',
    });
    expect((await confirm({ code: '000000' })).body).toEqual({
      message: 'Invalid or expired code.',
      code: 'invalid_code',
    });

    const mailed = h.mails.length;
    expect(
      (await h.api.call('POST', '/api/auth/otp/send', { body: { email: 'kim@example.com' } }))
        .status,
    ).toBe(200);
    await expect.poll(() => h.mails.length).toBeGreaterThan(mailed);
    const code = await h.nextCode('kim@example.com');
    const byCode = await confirm({ code });
    expect(byCode.status).toBe(200);
    expect(Date.parse(byCode.body.expiresAt) - h.clock.now()).toBe(10 * 60_000);
    expect((await confirm({ code })).status).toBe(400); // spent
    const deleted = await h.api.call('DELETE', '/api/user/delete', {
      token: kim.token,
      headers: { [CONFIRMATION_HEADER]: byCode.body.confirmation },
    });
    expect(deleted.status).toBe(200);
  });

  it('wrong passwords spend the login budget: guessing through confirm is no cheaper', async () => {
    await finding('R3-9 confirmation is no password oracle', 'refused', async () => {
      const lee = await h.verifiedUser('Lee', 'lee@example.com');
      for (let i = 0; i < 10; i++) {
        const wrong = await h.api.call('POST', '/api/auth/confirm', {
          token: lee.token,
          body: { password: `guess ${i}` },
        });
        expect(wrong.status).toBe(409);
      }
      const locked = await h.api.call('POST', '/api/auth/confirm', {
        token: lee.token,
        body: { password: PASSWORD },
      });
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('too_many_logins');
      const login = await h.api.call('POST', '/api/auth/login', {
        body: { email: 'lee@example.com', password: PASSWORD },
      });
      expect(login.status).toBe(429);
    });
  });
});
