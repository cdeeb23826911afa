// Issue 28's passkeys through the gateway, in both topologies: added only after a step-up,
// then a sign-in with it and no e-mail, then removed (a removed passkey signs nobody in). The
// relying party is configured as a deployment configures it (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS);
// the browser is the test kit's software authenticator, claiming the app's origin as one would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_HEADER } from '@dayframe/contracts';
import { softPasskeyAuthenticator } from '@dayframe/test-kit';
import { loopback } from './_client.ts';
import { PASSWORD, startTarget, TOPOLOGIES, verifiedAccount, type Target } from './_target.ts';

const ORIGIN = 'https://app.dayframe.test';
const RP_ID = 'dayframe.test';

describe.each(TOPOLOGIES)('passkeys through the gateway, %s', (topology) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(topology, {
      identityEnv: { WEBAUTHN_RP_ID: RP_ID, WEBAUTHN_ORIGINS: ORIGIN },
    });
  }, 120_000);
  afterAll(() => target?.stop());

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
