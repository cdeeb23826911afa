// Issue 28: a login with a second factor, on both databases: the challenge after the right
// password, answered by an app code (±1 step, each once) or a recovery code (each once), ended
// by five wrong codes, by five minutes or by a password change; wrong codes spend the login
// limits; an account without a second factor logs in exactly as before.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_SECURITY_MESSAGES as SAY } from '@dayframe/contracts';
import { startIdentity, type Harness } from '../_harness.ts';
import { secondFactorHelpers } from './_second-factor-harness.ts';

const INVALID = { message: SAY.invalidCode, code: 'invalid_code' };
const ENDED = { message: SAY.challengeEnded, code: 'challenge_ended' };
const EXPIRED = { message: SAY.challengeExpired, code: 'challenge_expired' };

describe.each(['sqlite', 'mariadb'] as const)('login with a second factor on %s', (kind) => {
  let h: Harness;
  const t = secondFactorHelpers(() => h);
  beforeAll(async () => {
    h = await startIdentity(kind);
  });
  afterAll(() => h.stop());
  beforeEach(() => h.clock.advance(3_600_000)); // fresh login budgets for the one test address

  const signedInAs = async (reply: { status: number; body: any }, userId: string) => {
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['token', 'user']);
    expect(reply.body.user._id).toBe(userId);
    const session = await h.api.call('GET', '/api/auth/verify', { token: reply.body.token });
    expect(session.status).toBe(200);
  };

  it('an account without a second factor gets its token at once, as before', async () => {
    const plain = await h.verifiedUser('Plain', 'plain@example.com');
    const reply = await t.login('plain@example.com');
    await signedInAs(reply, plain.user._id);
    expect(await h.db('sign_in_challenges').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('asks for the code after the right password, and signs in with a current one, once', async () => {
    const gus = await t.totpAccount('Gus', 'gus@example.com');
    const login = await t.login(gus.email);
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(['challenge', 'methods', 'twoFactorRequired']);
    expect(login.body).toMatchObject({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    const challenge: string = login.body.challenge;
    expect(Buffer.from(challenge, 'base64url')).toHaveLength(32);
    const row = await h.db('sign_in_challenges').where({ user_id: gus.user._id }).first();
    expect(row).toMatchObject({
      id_hash: createHash('sha256').update(challenge).digest('hex'),
      purpose: 'second-factor',
      wrong: 0,
    });
    expect(Number(row.expires_at)).toBe(h.clock.now() + 5 * 60_000);
    // The wrong password still says so, with no challenge.
    const badPassword = await t.login(gus.email, 'not the password');
    expect(badPassword.status).toBe(409);
    expect(badPassword.body.challenge).toBeUndefined();

    const code = await t.code(gus.secret);
    await signedInAs(await t.verify({ challenge, code }), gus.user._id);
    // The challenge is spent, and the code with it: replay on a new login is refused.
    expect((await t.verify({ challenge, code: await t.code(gus.secret, 1) })).body).toEqual(
      EXPIRED,
    );
    const next = await t.challengeFor(gus.email);
    expect((await t.verify({ challenge: next, code })).body).toEqual(INVALID);
    await signedInAs(
      await t.verify({ challenge: next, code: await t.code(gus.secret, 1) }),
      gus.user._id,
    );
  });

  it('takes a code one step off either way, not two', async () => {
    const hal = await t.totpAccount('Hal', 'hal@example.com');
    h.clock.advance(10 * t.STEP_MS);
    const attempt = async (steps: number) =>
      t.verify({
        challenge: await t.challengeFor(hal.email),
        code: await t.code(hal.secret, steps),
      });
    expect((await attempt(-2)).body).toEqual(INVALID);
    await signedInAs(await attempt(-1), hal.user._id);
    expect((await attempt(2)).body).toEqual(INVALID);
    await signedInAs(await attempt(1), hal.user._id);
    // Step +1 was taken: the current step (older) is refused from now on, even once.
    expect((await attempt(0)).body).toEqual(INVALID);
  });

  it('lets one of two concurrent uses of the same code through', async () => {
    const ida = await t.totpAccount('Ida', 'ida@example.com');
    const [a, b] = [await t.challengeFor(ida.email), await t.challengeFor(ida.email)];
    const code = await t.code(ida.secret);
    const replies = await Promise.all([
      t.verify({ challenge: a, code }),
      t.verify({ challenge: b, code }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.status === 400)!.body).toEqual(INVALID);
  });

  it('takes a recovery code once, however it is typed, and mails a notice with how many are left', async () => {
    const jo = await t.totpAccount('Jo', 'jo@example.com');
    const code = jo.recoveryCodes[3]!;
    const typed = ` ${code.toUpperCase().replace('-', ' - ')} `;
    await signedInAs(
      await t.verify({ challenge: await t.challengeFor(jo.email), code: typed }),
      jo.user._id,
    );
    expect((await t.verify({ challenge: await t.challengeFor(jo.email), code })).body).toEqual(
      INVALID,
    );
    const used = await h
      .db('recovery_codes')
      .where({ user_id: jo.user._id })
      .whereNotNull('used_at');
    expect(used).toHaveLength(1);
    const notices = await t.notices(jo.email, 2);
    expect(notices[1]).toMatchObject({ event: 'recovery-code-sign-in', recoveryCodesLeft: 9 });
  });

  it('ends a challenge at the fifth wrong code: the right code after it is refused', async () => {
    const kai = await t.totpAccount('Kai', 'kai@example.com');
    const challenge = await t.challengeFor(kai.email);
    const right = await t.code(kai.secret);
    for (let i = 1; i <= 4; i++)
      expect(
        (await t.verify({ challenge, code: i % 2 ? await t.wrongCode(kai.secret) : 'abcde-fghjk' }))
          .body,
      ).toEqual(INVALID);
    expect((await t.verify({ challenge, code: await t.wrongCode(kai.secret) })).body).toEqual(
      ENDED,
    );
    expect((await t.verify({ challenge, code: right })).body).toEqual(ENDED);
    expect((await t.verify({ challenge, code: kai.recoveryCodes[0] })).body).toEqual(ENDED);
    // Nothing was spent; a new login with the same code goes in.
    await signedInAs(
      await t.verify({ challenge: await t.challengeFor(kai.email), code: right }),
      kai.user._id,
    );
  });

  it('ends a challenge after five minutes, and at a password change', async () => {
    const lu = await t.totpAccount('Lu', 'lu@example.com');
    const challenge = await t.challengeFor(lu.email);
    h.clock.advance(5 * 60_000);
    expect((await t.verify({ challenge, code: await t.code(lu.secret) })).body).toEqual(EXPIRED);

    const almost = await t.challengeFor(lu.email);
    h.clock.advance(5 * 60_000 - 1_000);
    await signedInAs(
      await t.verify({ challenge: almost, code: await t.code(lu.secret) }),
      lu.user._id,
    );

    h.clock.advance(t.STEP_MS);
    const pending = await t.challengeFor(lu.email);
    await h.api.call('POST', '/api/auth/otp/send', { body: { email: lu.email } });
    const byCode = await h.api.call('POST', '/api/auth/otp/verify', {
      body: { email: lu.email, otp: await h.nextCode(lu.email) },
    });
    const done = await h.api.call('PUT', '/api/user/password', {
      token: byCode.body.token,
      body: { newPassword: 'another password entirely' },
    });
    expect(done.status).toBe(200);
    expect((await t.verify({ challenge: pending, code: await t.code(lu.secret) })).body).toEqual(
      EXPIRED,
    );
  });

  it('counts wrong codes toward the per-address login limits, and a 429 refuses further tries', async () => {
    const mo = await t.totpAccount('Mo', 'mo@example.com');
    const right = await t.code(mo.secret);
    const spare = await t.challengeFor(mo.email);
    for (let round = 0; round < 2; round++) {
      const challenge = await t.challengeFor(mo.email);
      for (let i = 0; i < 5; i++) await t.verify({ challenge, code: await t.wrongCode(mo.secret) });
    }
    // Ten wrong codes for this account from this address: the pair limit, as ten wrong passwords.
    const refused = await t.verify({ challenge: spare, code: right });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_logins');
    expect((await t.login(mo.email)).status).toBe(429);
    // Refused before the check: the code was not spent, and the spare challenge is untouched.
    const row = await h.db('totp_factors').where({ user_id: mo.user._id }).first();
    expect(Number(row.last_step)).toBeLessThan(Math.floor(h.clock.now() / t.STEP_MS));
    h.clock.advance(15 * 60_000);
    await signedInAs(
      await t.verify({ challenge: await t.challengeFor(mo.email), code: await t.code(mo.secret) }),
      mo.user._id,
    );
  });

  it('names the passkey method only for an account with passkeys, and routes the passkey answer to it', async () => {
    const ned = await h.verifiedUser('Ned', 'ned@example.com');
    const addPasskey = (userId: string, n: number) =>
      h.db('passkeys').insert({
        id: `00000000-0000-4000-8000-00000000000${n}`,
        user_id: userId,
        credential_key: String(n).repeat(64),
        credential_id: `cred${n}`,
        public_key: 'key',
        name: 'Laptop',
        created_at: new Date(h.clock.now()).toISOString(),
      });
    await addPasskey(ned.user._id, 1);
    const login = await t.login('ned@example.com');
    expect(login.body).toMatchObject({ twoFactorRequired: true, methods: ['passkey'] });
    // A code cannot answer for an account without the app.
    expect((await t.verify({ challenge: login.body.challenge, code: '123456' })).body).toEqual(
      INVALID,
    );
    const passkey = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON: 'e30' },
    };
    // The passkey step answers it (no `/2fa/passkey-options` asked first: no request to answer).
    expect((await t.verify({ challenge: login.body.challenge, passkey })).body).toEqual({
      message: SAY.passkeyChallengeEnded,
      code: 'passkey_challenge_ended',
    });
    const both = await t.totpAccount('Ora', 'ora@example.com');
    await addPasskey(both.user._id, 2);
    expect((await t.login(both.email)).body.methods).toEqual(['totp', 'passkey', 'recovery']);
  });

  it('answers every malformed body with a clear 400 and changes nothing', async () => {
    const pia = await t.totpAccount('Pia', 'pia@example.com');
    const challenge = await t.challengeFor(pia.email);
    for (const body of [
      {},
      { code: '123456' },
      { challenge },
      { challenge: '', code: '123456' },
      { challenge: 'x'.repeat(201), code: '123456' },
      { challenge, code: '' },
      { challenge, code: '   ' },
      { challenge, code: 'x'.repeat(33) },
      { challenge, code: 123456 },
      { challenge, code: '123456', extra: 1 },
      { challenge, passkey: {} },
      { challenge, passkey: { id: 'a', rawId: 'a', type: 'nope', response: {} } },
      [],
      'text',
      null,
    ]) {
      const reply = await t.verify(body);
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
      expect(typeof reply.body.message).toBe('string');
      expect(reply.body.message.length).toBeGreaterThan(0);
      expect(JSON.stringify(reply.body)).not.toMatch(/stack|select|sqlite|insert/i);
    }
    const unknown = await t.verify({ challenge: 'A'.repeat(43), code: '123456' });
    expect(unknown.body).toEqual(EXPIRED);
    const row = await h.db('sign_in_challenges').where({ user_id: pia.user._id }).first();
    expect(row.wrong).toBe(0);
    await signedInAs(await t.verify({ challenge, code: await t.code(pia.secret) }), pia.user._id);
  });
});
