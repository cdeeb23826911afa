// Signing in with a passkey (issue 28), on both databases: discoverable, no e-mail first; the
// challenge single-use and five minutes long; the counter and the user handle checked; a
// passkey as step-up proof; and the login's passkey step (`verifyPasskeySecondFactor`).
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRMATION_HEADER } from '@dayframe/contracts';
import { silentLogger } from '@dayframe/service-kit/http';
import { startIdentity, type Harness } from '../_harness.ts';
import type { IdentityScope } from '../scope.ts';
import {
  addPasskey,
  newAuthenticator,
  ORIGIN,
  passkeySignIn,
  registerOptions,
  RP_ID,
  signInOptions,
} from './_passkey-steps.ts';
import { verifyPasskeySecondFactor } from './second-factor-step.ts';

const FAILED = { message: "That passkey didn't work. Try again.", code: 'passkey_failed' };
const ENDED = { message: 'That request has expired. Try again.', code: 'passkey_challenge_ended' };
const UNKNOWN = {
  message: 'That passkey is not registered with Dayframe.',
  code: 'passkey_unknown',
};

describe.each(['sqlite', 'mariadb'] as const)('signing in with a passkey on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity(kind);
  });
  afterAll(() => h.stop());
  // Each test starts with the per-address budget of sign-in options unspent.
  beforeEach(() => h.clock.advance(61_000));

  const counterOf = async (id: string) =>
    Number((await h.db('passkeys').where({ id }).first('counter')).counter);

  it('signs in without an e-mail and answers a session like a login', async () => {
    const ann = await h.verifiedUser('Ann', 'ann@example.com');
    const authenticator = newAuthenticator();
    const key = await addPasskey(h.api, ann.token, authenticator);
    const { options } = await signInOptions(h.api);
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    h.clock.advance(1_000);
    const { reply } = await passkeySignIn(h.api, authenticator);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ token: expect.any(String), user: ann.user });
    expect(reply.body.token).not.toBe(ann.token);
    const session = await h.api.call('GET', '/api/auth/verify', { token: reply.body.token });
    expect(session.status).toBe(200);
    expect(session.body.user._id).toBe(ann.user._id);
    const row = await h.db('passkeys').where({ id: key.id }).first();
    expect(Number(row.counter)).toBe(1);
    expect(row.last_used_at).toBe(new Date(h.clock.now()).toISOString());
  });

  it('takes an answer once: a replay, or the same answer to a new challenge, is refused', async () => {
    const bo = await h.verifiedUser('Bo', 'bo@example.com');
    const authenticator = newAuthenticator();
    const key = await addPasskey(h.api, bo.token, authenticator);
    const first = await passkeySignIn(h.api, authenticator);
    expect(first.reply.status).toBe(200);
    const replay = await h.api.call('POST', '/api/auth/passkeys/sign-in', {
      body: { challenge: first.challenge, response: first.response },
    });
    expect(replay.body).toEqual(ENDED);
    const { challenge } = await signInOptions(h.api);
    const reused = await h.api.call('POST', '/api/auth/passkeys/sign-in', {
      body: { challenge, response: first.response },
    });
    expect(reused.body).toEqual(FAILED);
    expect(await counterOf(key.id)).toBe(1);
  });

  it('refuses a counter that does not grow, another user handle, another origin, no UV', async () => {
    const cy = await h.verifiedUser('Cy', 'cy@example.com');
    const di = await h.verifiedUser('Di', 'di@example.com');
    const authenticator = newAuthenticator();
    const key = await addPasskey(h.api, cy.token, authenticator);
    await addPasskey(h.api, di.token, newAuthenticator());
    expect((await passkeySignIn(h.api, authenticator, { counter: 7 })).reply.status).toBe(200);
    const handleOf = (id: string) => Buffer.from(id).toString('base64url');
    const refusals: Array<[string, Parameters<typeof authenticator.get>[1]]> = [
      ['the same counter (a clone)', { counter: 7 }],
      ['a lower counter', { counter: 3 }],
      ["Di's user handle", { counter: 8, userHandle: handleOf(di.user._id) }],
      ['no user handle', { counter: 9, userHandle: '' }],
      ['another origin', { counter: 10, origin: 'https://evil.example' }],
      ['another RP id', { counter: 11, rpId: 'evil.example' }],
      ['no user verification', { counter: 12, userVerified: false }],
    ];
    for (const [what, bend] of refusals) {
      const { reply } = await passkeySignIn(h.api, authenticator, bend);
      expect({ what, body: reply.body }).toEqual({ what, body: FAILED });
      expect(await counterOf(key.id)).toBe(7);
    }
    expect((await passkeySignIn(h.api, authenticator, { counter: 13 })).reply.status).toBe(200);
    expect(await counterOf(key.id)).toBe(13);
  });

  it('says so for a passkey it does not know, and ends a challenge after five minutes', async () => {
    const stranger = newAuthenticator();
    stranger.create({
      challenge: 'AAAA',
      rp: { id: RP_ID },
      user: { id: 'c29tZW9uZQ' },
      pubKeyCredParams: [{ alg: -7 }],
    });
    expect((await passkeySignIn(h.api, stranger)).reply.body).toEqual(UNKNOWN);

    const ed = await h.verifiedUser('Ed', 'ed@example.com');
    const authenticator = newAuthenticator();
    await addPasskey(h.api, ed.token, authenticator);
    const late = await signInOptions(h.api);
    const inTime = await signInOptions(h.api);
    h.clock.advance(5 * 60_000 - 1);
    const ok = await h.api.call('POST', '/api/auth/passkeys/sign-in', {
      body: { challenge: inTime.challenge, response: authenticator.get(inTime.options) },
    });
    expect(ok.status).toBe(200);
    h.clock.advance(1);
    const expired = await h.api.call('POST', '/api/auth/passkeys/sign-in', {
      body: { challenge: late.challenge, response: authenticator.get(late.options) },
    });
    expect(expired.body).toEqual(ENDED);
    // A registration challenge is no sign-in challenge, and a made-up one is none at all.
    const registration = await registerOptions(h.api, ed.token);
    for (const challenge of [registration.challenge, randomBytes(32).toString('base64url')]) {
      const taken = await h.api.call('POST', '/api/auth/passkeys/sign-in', {
        body: {
          challenge,
          response: authenticator.get({ challenge: registration.options.challenge }),
        },
      });
      expect(taken.body).toEqual(ENDED);
    }
  });

  it('gives an unverified account its token as login does (the app sends it to verify)', async () => {
    const flo = await h.verifiedUser('Flo', 'flo@example.com');
    const authenticator = newAuthenticator();
    await addPasskey(h.api, flo.token, authenticator);
    await h.db('users').where({ id: flo.user._id }).update({ verified: false });
    const { reply } = await passkeySignIn(h.api, authenticator);
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ _id: flo.user._id, verified: false });
  });

  it('limits sign-in options per address', async () => {
    for (let i = 0; i < 30; i++) await signInOptions(h.api);
    const refused = await h.api.call('POST', '/api/auth/passkeys/sign-in-options', { body: {} });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_logins');
    h.clock.advance(61_000);
    await signInOptions(h.api);
  });

  it('refuses malformed assertions with a 400, never a 500', async () => {
    const gus = await h.verifiedUser('Gus', 'gus@example.com');
    const authenticator = newAuthenticator();
    await addPasskey(h.api, gus.token, authenticator);
    const { options } = await signInOptions(h.api);
    const good = authenticator.get(options);
    const shapes: unknown[] = [
      undefined,
      null,
      [],
      {},
      { ...good, type: 'other' },
      { ...good, response: {} },
      { ...good, response: { ...good.response, signature: 'AAAA' } },
      { ...good, response: { ...good.response, signature: 42 } },
      { ...good, response: { ...good.response, authenticatorData: 'AA' } },
      { ...good, response: { ...good.response, clientDataJSON: 'e30' } },
      { ...good, response: { ...good.response, userHandle: 42 } },
      { ...good, response: { ...good.response, userHandle: { $ne: '' } } },
      { ...good, id: '%%%' },
    ];
    for (const response of shapes) {
      const { challenge } = await signInOptions(h.api);
      const reply = await h.api.call('POST', '/api/auth/passkeys/sign-in', {
        body: { challenge, response },
      });
      expect({ response, status: reply.status }).toEqual({ response, status: 400 });
      expect(reply.body.message).toEqual(expect.any(String));
    }
    for (const body of [undefined, {}, { challenge: 'x' }, { challenge: 42, response: good }]) {
      const reply = await h.api.call('POST', '/api/auth/passkeys/sign-in', { body });
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
    }
  });

  it('confirms it is the owner with a passkey, which lets the account be deleted', async () => {
    const hal = await h.verifiedUser('Hal', 'hal@example.com');
    const ivy = await h.verifiedUser('Ivy', 'ivy@example.com');
    const halKey = newAuthenticator();
    const ivyKey = newAuthenticator();
    await addPasskey(h.api, hal.token, halKey);
    await addPasskey(h.api, ivy.token, ivyKey);
    const options = async (token: string) => {
      const reply = await h.api.call('POST', '/api/auth/passkeys/confirm-options', { token });
      expect(reply.status).toBe(200);
      return reply.body as { challenge: string; options: any };
    };
    const confirm = (token: string, challenge: string, response: unknown) =>
      h.api.call('POST', '/api/auth/confirm', {
        token,
        body: { passkey: { challenge, response } },
      });

    const own = await options(hal.token);
    expect(own.options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      halKey.credentials[0]!.id,
    ]);
    // Ivy's passkey answering Hal's challenge proves nothing about Hal.
    const foreign = await confirm(
      hal.token,
      own.challenge,
      ivyKey.get({ challenge: own.options.challenge }),
    );
    expect(foreign.body).toEqual(UNKNOWN);
    // Ivy's challenge in Hal's session neither.
    const ivys = await options(ivy.token);
    const halAnswersIvys = halKey.get({ challenge: ivys.options.challenge });
    expect((await confirm(hal.token, ivys.challenge, halAnswersIvys)).body).toEqual(ENDED);
    const mine = await options(hal.token);
    const confirmed = await confirm(hal.token, mine.challenge, halKey.get(mine.options));
    expect(confirmed.status, confirmed.text).toBe(200);
    const deleted = await h.api.call('DELETE', '/api/user/delete', {
      token: hal.token,
      headers: { [CONFIRMATION_HEADER]: confirmed.body.confirmation },
    });
    expect(deleted.status).toBe(200);
    expect(await h.db('users').where({ id: hal.user._id }).first()).toBeUndefined();
    expect(await h.db('passkeys').where({ user_id: hal.user._id }).first()).toBeUndefined();

    const none = await h.verifiedUser('Jo', 'jo@example.com');
    const nothing = await h.api.call('POST', '/api/auth/passkeys/confirm-options', {
      token: none.token,
    });
    expect(nothing.status).toBe(404);
  });

  describe('the login passkey step', () => {
    // The login challenge is the second-factor work's; made here as its login makes it.
    async function loginChallenge(userId: string, sessionVersion = 0) {
      const id = randomBytes(32).toString('base64url');
      await h.db('sign_in_challenges').insert({
        id_hash: createHash('sha256').update(id).digest('hex'),
        purpose: 'second-factor',
        user_id: userId,
        session_version: sessionVersion,
        wrong: 0,
        expires_at: h.clock.now() + 5 * 60_000,
      });
      return id;
    }
    const scope = () =>
      ({
        db: h.db,
        clock: h.clock,
        tokens: h.tokens,
        log: silentLogger(),
        relyingParty: { rpId: RP_ID, origins: [ORIGIN] },
        sessionsChanged: () => undefined,
      }) as unknown as IdentityScope;
    const optionsFor = (challenge: string) =>
      h.api.call('POST', '/api/auth/2fa/passkey-options', { body: { challenge } });

    it('signs in with a passkey of the login’s account, once', async () => {
      const kim = await h.verifiedUser('Kim', 'kim@example.com');
      const lou = await h.verifiedUser('Lou', 'lou@example.com');
      const kimKey = newAuthenticator();
      const louKey = newAuthenticator();
      await addPasskey(h.api, kim.token, kimKey);
      await addPasskey(h.api, lou.token, louKey);
      const login = await loginChallenge(kim.user._id);

      const offered = await optionsFor(login);
      expect(offered.status).toBe(200);
      expect(offered.body.challenge).toBe(login);
      expect(offered.body.options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
        kimKey.credentials[0]!.id,
      ]);
      // Lou's passkey is not Kim's second factor; it counts as a wrong answer.
      await expect(
        verifyPasskeySecondFactor(
          scope(),
          login,
          louKey.get({ challenge: offered.body.options.challenge }) as never,
        ),
      ).rejects.toMatchObject({ status: 400, code: 'passkey_unknown' });
      const wrong = await h
        .db('sign_in_challenges')
        .where({ purpose: 'second-factor', user_id: kim.user._id })
        .first('wrong');
      expect(Number(wrong.wrong)).toBe(1);

      const again = await optionsFor(login);
      const answer = kimKey.get(again.body.options);
      const session = await verifyPasskeySecondFactor(scope(), login, answer as never);
      expect(session.user._id).toBe(kim.user._id);
      expect((await h.api.call('GET', '/api/auth/verify', { token: session.token })).status).toBe(
        200,
      );
      // The login is spent.
      await expect(
        verifyPasskeySecondFactor(scope(), login, answer as never),
      ).rejects.toMatchObject({ status: 400, code: 'challenge_expired' });
      expect((await optionsFor(login)).status).toBe(400);
    });

    it('ends with its login: expired, unknown, or after a password change', async () => {
      const max = await h.verifiedUser('Max', 'max@example.com');
      const key = newAuthenticator();
      await addPasskey(h.api, max.token, key);
      expect((await optionsFor(randomBytes(32).toString('base64url'))).body.code).toBe(
        'challenge_expired',
      );
      const login = await loginChallenge(max.user._id);
      const offered = await optionsFor(login);
      h.clock.advance(5 * 60_000);
      await expect(
        verifyPasskeySecondFactor(scope(), login, key.get(offered.body.options) as never),
      ).rejects.toMatchObject({ code: 'challenge_expired' });

      const stale = await loginChallenge(max.user._id, 99);
      const staleOptions = await optionsFor(stale);
      await expect(
        verifyPasskeySecondFactor(scope(), stale, key.get(staleOptions.body.options) as never),
      ).rejects.toMatchObject({ code: 'challenge_expired' });
    });
  });
});
