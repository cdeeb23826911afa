// Adding, renaming and removing passkeys (issue 28), on both databases: only with a fresh
// step-up, only for a ceremony this server began for this account on its own origin and RP id,
// another account's passkey as unknown as none, the owner mailed of each change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeysOf } from '../data/second-factors-repo.ts';
import { startIdentity, type Harness } from '../_harness.ts';
import { addPasskey, confirmation, newAuthenticator, registerOptions } from './_passkey-steps.ts';

const REAUTH = { message: "Confirm it's you to continue.", code: 'reauth_required' };
const FAILED = { message: "That passkey didn't work. Try again.", code: 'passkey_failed' };
const ENDED = { message: 'That request has expired. Try again.', code: 'passkey_challenge_ended' };
const NOT_FOUND = { message: 'No such passkey.', code: 'passkey_not_found' };

describe.each(['sqlite', 'mariadb'] as const)('passkeys on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity(kind);
  });
  afterAll(() => h.stop());

  const rows = async () => Number((await h.db('passkeys').count({ n: '*' }))[0]!.n);
  const notices = (email: string) =>
    h.mails.flatMap((m) =>
      m.kind === 'security-notice' && m.to === email ? [{ event: m.event, detail: m.detail }] : [],
    );

  it('adds a passkey only after a step-up, and mails the owner', async () => {
    const ann = await h.verifiedUser('Ann', 'ann@example.com');
    const refused = await h.api.call('POST', '/api/auth/passkeys/register-options', {
      token: ann.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(REAUTH);
    expect((await h.api.call('POST', '/api/auth/passkeys/register-options', {})).status).toBe(401);

    const { challenge, options } = await registerOptions(h.api, ann.token);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options).toMatchObject({
      rp: { name: 'Dayframe', id: 'localhost' },
      user: { name: 'ann@example.com', displayName: 'Ann' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(ann.user._id);
    // Only the challenge's hash is stored.
    const stored = await h.db('sign_in_challenges').where({ purpose: 'passkey-register' });
    expect(stored.map((r) => r.id_hash)).not.toContain(challenge);

    const authenticator = newAuthenticator();
    const added = await h.api.call('POST', '/api/auth/passkeys', {
      token: ann.token,
      body: { challenge, name: '  Work laptop ', response: authenticator.create(options) },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      createdAt: new Date(h.clock.now()).toISOString(),
      lastUsedAt: null,
    });
    expect(await passkeysOf(h.db, ann.user._id)).toEqual([added.body]);
    const row = await h.db('passkeys').where({ id: added.body.id }).first();
    expect(row.credential_id).toBe(authenticator.credentials[0]!.id);
    expect(row.credential_key).toMatch(/^[0-9a-f]{64}$/);
    expect(row.transports).toBe('internal');
    await expect
      .poll(() => notices('ann@example.com'))
      .toEqual([{ event: 'passkey-added', detail: 'Work laptop' }]);

    // The next options exclude it: one authenticator is not added twice.
    const again = await registerOptions(h.api, ann.token);
    expect(again.options.excludeCredentials).toEqual([
      { id: authenticator.credentials[0]!.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses a registration from another origin or RP id, a reused or foreign challenge', async () => {
    const bo = await h.verifiedUser('Bo', 'bo@example.com');
    const cy = await h.verifiedUser('Cy', 'cy@example.com');
    const authenticator = newAuthenticator();
    const before = await rows();
    const attempt = async (
      bend: Parameters<typeof authenticator.create>[1],
      token = bo.token,
      opts?: { challenge: string; options: any },
    ) => {
      const { challenge, options } = opts ?? (await registerOptions(h.api, bo.token));
      return h.api.call('POST', '/api/auth/passkeys', {
        token,
        body: { challenge, name: 'Phone', response: authenticator.create(options, bend) },
      });
    };
    expect((await attempt({ origin: 'https://evil.example' })).body).toEqual(FAILED);
    expect((await attempt({ rpId: 'evil.example' })).body).toEqual(FAILED);
    expect((await attempt({ userVerified: false })).body).toEqual(FAILED);
    expect((await attempt({ challenge: 'c2lnbmVkIGVsc2V3aGVyZQ' })).body).toEqual(FAILED);
    // Bo's challenge answered in Cy's session: not Cy's ceremony.
    expect((await attempt({}, cy.token)).body).toEqual(ENDED);
    // A refused answer spends the challenge as well: the good one after it is too late.
    const opts = await registerOptions(h.api, bo.token);
    expect((await attempt({ origin: 'https://evil.example' }, bo.token, opts)).status).toBe(400);
    expect((await attempt({}, bo.token, opts)).body).toEqual(ENDED);
    expect(await rows()).toBe(before);

    // Used once, then gone.
    const good = await registerOptions(h.api, bo.token);
    expect((await attempt({}, bo.token, good)).status).toBe(201);
    expect((await attempt({}, bo.token, good)).body).toEqual(ENDED);
    expect(await rows()).toBe(before + 1);
  });

  it('ends a registration challenge after five minutes', async () => {
    const di = await h.verifiedUser('Di', 'di@example.com');
    const authenticator = newAuthenticator();
    const late = await registerOptions(h.api, di.token);
    const inTime = await registerOptions(h.api, di.token);
    h.clock.advance(5 * 60_000 - 1_000);
    const first = await h.api.call('POST', '/api/auth/passkeys', {
      token: di.token,
      body: {
        challenge: inTime.challenge,
        name: 'A',
        response: authenticator.create(inTime.options),
      },
    });
    expect(first.status).toBe(201);
    h.clock.advance(1_000);
    const second = await h.api.call('POST', '/api/auth/passkeys', {
      token: di.token,
      body: { challenge: late.challenge, name: 'B', response: authenticator.create(late.options) },
    });
    expect(second.body).toEqual(ENDED);
  });

  it('renames and removes only the own passkeys; another user’s id is not found', async () => {
    const ed = await h.verifiedUser('Ed', 'ed@example.com');
    const flo = await h.verifiedUser('Flo', 'flo@example.com');
    const edKey = await addPasskey(h.api, ed.token, newAuthenticator(), 'Ed key');
    const floKey = await addPasskey(h.api, flo.token, newAuthenticator(), 'Flo key');

    const renamed = await h.api.call('PATCH', `/api/auth/passkeys/${edKey.id}`, {
      token: ed.token,
      body: { name: 'Desk' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...edKey, name: 'Desk' });

    // Flo's passkey from Ed's session: as unknown as an id that never existed.
    for (const id of [floKey.id, 'no-such-id']) {
      const rename = await h.api.call('PATCH', `/api/auth/passkeys/${id}`, {
        token: ed.token,
        body: { name: 'Mine now' },
      });
      expect(rename.status).toBe(404);
      expect(rename.body).toEqual(NOT_FOUND);
      const remove = await h.api.call('DELETE', `/api/auth/passkeys/${id}`, {
        token: ed.token,
        headers: await confirmation(h.api, ed.token),
      });
      expect(remove.body).toEqual(NOT_FOUND);
    }
    expect(await passkeysOf(h.db, flo.user._id)).toEqual([floKey]);

    // Removing needs a step-up.
    const unconfirmed = await h.api.call('DELETE', `/api/auth/passkeys/${edKey.id}`, {
      token: ed.token,
    });
    expect(unconfirmed.body).toEqual(REAUTH);
    expect(await passkeysOf(h.db, ed.user._id)).toHaveLength(1);
    const removed = await h.api.call('DELETE', `/api/auth/passkeys/${edKey.id}`, {
      token: ed.token,
      headers: await confirmation(h.api, ed.token),
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Passkey removed.' });
    expect(await passkeysOf(h.db, ed.user._id)).toEqual([]);
    await expect
      .poll(() => notices('ed@example.com'))
      .toEqual([
        { event: 'passkey-added', detail: 'Ed key' },
        { event: 'passkey-removed', detail: 'Desk' },
      ]);
  });

  it('refuses malformed input with a clear 400 and changes nothing', async () => {
    const gus = await h.verifiedUser('Gus', 'gus@example.com');
    const key = await addPasskey(h.api, gus.token, newAuthenticator(), 'Key');
    const before = await rows();
    const { challenge, options } = await registerOptions(h.api, gus.token);
    const good = newAuthenticator().create(options);
    const bad: Array<[string, unknown, string]> = [
      // The contract's word for a missing challenge, whatever the ceremony.
      ['no body', undefined, 'This sign-in has expired. Log in again.'],
      ['no name', { challenge, response: good }, 'Give the passkey a name.'],
      ['a blank name', { challenge, name: '   ', response: good }, 'Give the passkey a name.'],
      [
        'a long name',
        { challenge, name: 'n'.repeat(65), response: good },
        'Keep the name to 64 characters.',
      ],
      ['no challenge', { name: 'A', response: good }, 'This sign-in has expired. Log in again.'],
    ];
    const shapes: unknown[] = [
      null,
      'string',
      [],
      {},
      { ...good, type: 'password' },
      { ...good, id: 'not base64url!' },
      { ...good, response: null },
      { ...good, response: { clientDataJSON: 'eyJ9' } },
      { ...good, response: { ...good.response, attestationObject: 'AAAA' } },
      { ...good, response: { ...good.response, attestationObject: 42 } },
      { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } },
      { ...good, rawId: 'QUJD' },
      { ...good, id: 'x'.repeat(20_000), rawId: 'x'.repeat(20_000) },
    ];
    for (const [what, body, message] of bad) {
      const reply = await h.api.call('POST', '/api/auth/passkeys', { token: gus.token, body });
      expect({ what, status: reply.status, message: reply.body?.message }).toEqual({
        what,
        status: 400,
        message,
      });
    }
    for (const response of shapes) {
      const fresh = await registerOptions(h.api, gus.token);
      const reply = await h.api.call('POST', '/api/auth/passkeys', {
        token: gus.token,
        body: { challenge: fresh.challenge, name: 'Odd', response },
      });
      expect({ response, status: reply.status }).toEqual({ response, status: 400 });
      expect(reply.body.message).toEqual(expect.any(String));
    }
    const renames: unknown[] = [{}, { name: '' }, { name: 42 }, { name: 'x'.repeat(65) }, 'x'];
    for (const body of renames) {
      const reply = await h.api.call('PATCH', `/api/auth/passkeys/${key.id}`, {
        token: gus.token,
        body,
      });
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
    }
    expect(await rows()).toBe(before);
    expect(await passkeysOf(h.db, gus.user._id)).toEqual([key]);
  });
});
