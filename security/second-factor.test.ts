// Issue 28 through the gateway, in both topologies: the authenticator app set up behind a
// step-up, a login that needs its code, a code replayed, a recovery code used twice, five wrong
// codes ending a login, wrong codes that never lock the owner out from elsewhere, and turning
// the app off only with a step-up; and passkeys: added only after a step-up, a sign-in with one
// and no e-mail, then removed (a removed passkey signs nobody in). One target per topology
// serves both. Codes are computed from the secret on the real clock, as the
// owner's phone would: the server takes its own step ±1, and each step once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_HEADER, SIGN_IN_SECURITY_MESSAGES as SAY } from '@dayframe/contracts';
import { confirmed, softPasskeyAuthenticator } from '@dayframe/test-kit';
import { totpCodeAt } from '../services/identity/second-factor/totp.ts';
import { attack } from './_summary.ts';
import { loopback, type Client } from './_client.ts';
import { PASSWORD, startTarget, TOPOLOGIES, verifiedAccount, type Target } from './_target.ts';

const STEP_MS = 30_000;
/** The relying party as a deployment configures it; the test kit's authenticator claims it. */
const ORIGIN = 'https://app.dayframe.test';
const RP_ID = 'dayframe.test';
const INVALID = { message: SAY.invalidCode, code: 'invalid_code' };
const ENDED = { message: SAY.challengeEnded, code: 'challenge_ended' };
const REAUTH = { message: "Confirm it's you to continue.", code: 'reauth_required' };

/** Six digits that are none of the codes the server would take now (its step ±1, and then some). */
async function wrongCode(secret: string): Promise<string> {
  const now = Date.now();
  const near = new Set(
    await Promise.all([-2, -1, 0, 1, 2].map((steps) => totpCodeAt(secret, now + steps * STEP_MS))),
  );
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/**
 * The owner's app: the code of the current step, or of the step after the last one used when
 * that is the current one (the server takes a code one step ahead). Each account here uses at
 * most two codes, so the step asked for is never more than one ahead of the clock.
 */
function phone(secret: string) {
  let last = -1;
  return async () => {
    const step = Math.max(Math.floor(Date.now() / STEP_MS), last + 1);
    last = step;
    return totpCodeAt(secret, step * STEP_MS);
  };
}

describe.each(TOPOLOGIES)('second factor through the gateway, %s', (topology) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(topology, {
      identityEnv: { WEBAUTHN_RP_ID: RP_ID, WEBAUTHN_ORIGINS: ORIGIN },
    });
  }, 120_000);
  afterAll(() => target?.stop());

  const login = (api: Client, email: string) =>
    api.call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  const challengeFor = async (api: Client, email: string) => {
    const reply = await login(api, email);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    expect(reply.body.token).toBeUndefined();
    return reply.body.challenge as string;
  };
  const verify = (api: Client, challenge: string, code: string) =>
    api.call('POST', '/api/auth/2fa/verify', { body: { challenge, code } });

  /** A verified account that turned the app on; its phone has used one code. */
  async function withApp(api: Client, name: string, email: string) {
    const account = await verifiedAccount(target, api, name, email);
    const bare = await api.call('POST', '/api/auth/2fa/totp/setup', { token: account.token });
    expect([bare.status, bare.body]).toEqual([403, REAUTH]);
    const setup = await api.call('POST', '/api/auth/2fa/totp/setup', {
      token: account.token,
      headers: await confirmed(api.url, { token: account.token }),
    });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Dayframe:${encodeURIComponent(email)}?secret=${setup.body.secret}&issuer=Dayframe`,
    );
    const next = phone(setup.body.secret);
    const enabled = await api.call('POST', '/api/auth/2fa/totp/enable', {
      token: account.token,
      body: { code: await next() },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    const status = await api.call('GET', '/api/auth/2fa', { token: account.token });
    expect(status.body).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    return {
      ...account,
      secret: setup.body.secret as string,
      next,
      recoveryCodes: enabled.body.recoveryCodes as string[],
    };
  }

  it('sets the app up, then a login needs its code, and the same code is not taken twice', async () => {
    const api = target.client(loopback(210));
    const ann = await withApp(api, 'Ann', 'ann-2fa@example.com');
    const challenge = await challengeFor(api, ann.email);
    const code = await ann.next();
    const signedIn = await verify(api, challenge, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user._id).toBe(ann.id);
    const session = await api.call('GET', '/api/auth/verify', { token: signedIn.body.token });
    expect(session.status).toBe(200);

    await attack('authenticator code replayed on another login', async () => {
      const replayed = await verify(
        target.client(loopback(211)),
        await challengeFor(api, ann.email),
        code,
      );
      expect(replayed.body).toEqual(INVALID);
    });
    await expect
      .poll(() => target.mails(ann.email).map((m) => m.subject))
      .toContain('Authenticator app turned on for your Dayframe account');
  });

  it('takes a recovery code once', async () => {
    const api = target.client(loopback(212));
    const bo = await withApp(api, 'Bo', 'bo-2fa@example.com');
    const code = bo.recoveryCodes[0]!;
    const first = await verify(api, await challengeFor(api, bo.email), code);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['token', 'user']);
    await attack('recovery code used twice', async () => {
      expect((await verify(api, await challengeFor(api, bo.email), code)).body).toEqual(INVALID);
    });
    const left = await api.call('GET', '/api/auth/2fa', { token: first.body.token });
    expect(left.body.recoveryCodesLeft).toBe(9);
    await expect
      .poll(() => target.mails(bo.email).map((m) => m.subject))
      .toContain('A recovery code was used to sign in to your Dayframe account');
  });

  it('ends a login at the fifth wrong code, and wrong codes never lock the owner out from elsewhere', async () => {
    const api = target.client(loopback(213));
    const cy = await withApp(api, 'Cy', 'cy-2fa@example.com');
    const guesser = target.client(loopback(214));
    await attack('guessing authenticator codes on one login', async () => {
      const challenge = await challengeFor(guesser, cy.email);
      for (let i = 0; i < 4; i++)
        expect((await verify(guesser, challenge, await wrongCode(cy.secret))).body).toEqual(
          INVALID,
        );
      expect((await verify(guesser, challenge, await wrongCode(cy.secret))).body).toEqual(ENDED);
      // Even the right code does not open an ended login.
      expect((await verify(guesser, challenge, cy.recoveryCodes[0]!)).body).toEqual(ENDED);
      // Another five from the same address: the address's login budget for this account is
      // spent, as after ten wrong passwords.
      const again = await challengeFor(guesser, cy.email);
      for (let i = 0; i < 5; i++) await verify(guesser, again, await wrongCode(cy.secret));
      const refused = await login(guesser, cy.email);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('too_many_logins');
    });
    // The owner, from their own address, signs in with the right code.
    const owner = await verify(api, await challengeFor(api, cy.email), await cy.next());
    expect(owner.status).toBe(200);
  });

  it('turns the app off only with a step-up, here by one of its own codes', async () => {
    const api = target.client(loopback(215));
    const di = await withApp(api, 'Di', 'di-2fa@example.com');
    const disable = (headers: Record<string, string>) =>
      api.call('POST', '/api/auth/2fa/totp/disable', { token: di.token, headers });
    await attack(
      'authenticator app turned off with a session token alone',
      async () => {
        for (const headers of [{}, { [CONFIRMATION_HEADER]: di.token }] as Record<
          string,
          string
        >[]) {
          const refused = await disable(headers);
          expect([refused.status, refused.body]).toEqual([403, REAUTH]);
        }
      },
      async () => {
        const status = await api.call('GET', '/api/auth/2fa', { token: di.token });
        expect(status.body).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
      },
    );
    const confirm = await api.call('POST', '/api/auth/confirm', {
      token: di.token,
      body: { totp: await di.next() },
    });
    expect(confirm.status).toBe(200);
    const off = await disable({ [CONFIRMATION_HEADER]: confirm.body.confirmation });
    expect([off.status, off.body]).toEqual([200, { message: SAY.totpOff }]);
    const plain = await login(api, di.email);
    expect(Object.keys(plain.body).sort()).toEqual(['token', 'user']);
    await expect
      .poll(() => target.mails(di.email).map((m) => m.subject))
      .toContain('Authenticator app turned off for your Dayframe account');
  });

  it('adds a passkey with a step-up, signs in with it without an e-mail, removes it', async () => {
    const api = target.client(loopback(210));
    const pia = await verifiedAccount(target, api, 'Pia', 'pia@example.com');
    const authenticator = softPasskeyAuthenticator({ origin: ORIGIN, rpId: RP_ID });
    const confirmation = async () => {
      const reply = await api.call('POST', '/api/auth/confirm', {
        token: pia.token,
        body: { password: PASSWORD },
      });
      expect(reply.status).toBe(200);
      return { [CONFIRMATION_HEADER]: reply.body.confirmation as string };
    };

    const unconfirmed = await api.call('POST', '/api/auth/passkeys/register-options', {
      token: pia.token,
    });
    expect(unconfirmed.status).toBe(403);
    const offered = await api.call('POST', '/api/auth/passkeys/register-options', {
      token: pia.token,
      headers: await confirmation(),
    });
    expect(offered.status).toBe(200);
    expect(offered.body.options.rp).toEqual({ name: 'Dayframe', id: RP_ID });
    const added = await api.call('POST', '/api/auth/passkeys', {
      token: pia.token,
      body: {
        challenge: offered.body.challenge,
        name: 'Phone',
        response: authenticator.create(offered.body.options),
      },
    });
    expect(added.status, added.text).toBe(201);

    const signIn = async () => {
      const options = await api.call('POST', '/api/auth/passkeys/sign-in-options', { body: {} });
      expect(options.status).toBe(200);
      return api.call('POST', '/api/auth/passkeys/sign-in', {
        body: {
          challenge: options.body.challenge,
          response: authenticator.get(options.body.options),
        },
      });
    };
    const signedIn = await signIn();
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.user).toMatchObject({ _id: pia.id, email: 'pia@example.com' });
    // The session works on another service than identity, too.
    const journals = await api.call('GET', '/api/journals', { token: signedIn.body.token });
    expect(journals.status).toBe(200);

    const removed = await api.call('DELETE', `/api/auth/passkeys/${added.body.id}`, {
      token: pia.token,
      headers: await confirmation(),
    });
    expect(removed.body).toEqual({ message: 'Passkey removed.' });
    const after = await signIn();
    expect(after.status).toBe(400);
    expect(after.body.code).toBe('passkey_unknown');
    await expect
      .poll(() => target.mails('pia@example.com').map((m) => m.subject), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/passkey/i)]));
  });
});
