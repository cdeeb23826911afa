// Issue 28: setting up the authenticator app, its recovery codes, turning it off, and what
// Settings reads (`GET /api/auth/2fa`), on both databases through identity's HTTP edge.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRMATION_HEADER, SIGN_IN_SECURITY_MESSAGES as SAY } from '@dayframe/contracts';
import { SECRET, startIdentity, type Harness } from '../_harness.ts';
import { factorSecrets } from './factor-secrets.ts';
import { secondFactorHelpers } from './_second-factor-harness.ts';

const REAUTH = { message: "Confirm it's you to continue.", code: 'reauth_required' };

describe.each(['sqlite', 'mariadb'] as const)('authenticator app on %s', (kind) => {
  let h: Harness;
  const t = secondFactorHelpers(() => h);
  beforeAll(async () => {
    h = await startIdentity(kind);
  });
  afterAll(() => h.stop());
  // Every test starts with fresh login budgets for the one test address.
  beforeEach(() => h.clock.advance(3_600_000));

  const security = async (token: string) =>
    (await h.api.call('GET', '/api/auth/2fa', { token })).body;
  const rows = async (userId: string) => ({
    totp: await h.db('totp_factors').where({ user_id: userId }).select(),
    codes: await h.db('recovery_codes').where({ user_id: userId }).orderBy('id').select(),
  });

  it('sets up: a confirmed start, a sealed secret, the first code turns it on with ten recovery codes', async () => {
    const ann = await h.verifiedUser('Ann', 'ann+2fa@example.com');
    expect(await security(ann.token)).toEqual({
      totp: false,
      totpEnabledAt: null,
      recoveryCodesLeft: 0,
      passkeys: [],
      required: false,
    });
    // Without a step-up nothing starts.
    const bare = await h.api.call('POST', '/api/auth/2fa/totp/setup', { token: ann.token });
    expect([bare.status, bare.body]).toEqual([403, REAUTH]);
    expect((await rows(ann.user._id)).totp).toEqual([]);

    const headers = await t.confirmation(ann.token);
    const first = await h.api.call('POST', '/api/auth/2fa/totp/setup', {
      token: ann.token,
      headers,
    });
    expect(first.status).toBe(200);
    const again = await h.api.call('POST', '/api/auth/2fa/totp/setup', {
      token: ann.token,
      headers,
    });
    expect(again.body.secret).not.toBe(first.body.secret); // starts over
    const { secret, otpauthUrl } = again.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Dayframe:ann%2B2fa%40example.com?secret=${secret}&issuer=Dayframe`,
    );
    const stored = (await rows(ann.user._id)).totp;
    expect(stored).toHaveLength(1);
    expect(stored[0].enabled_at).toBeNull();
    expect(stored[0].secret_enc).not.toContain(secret);
    // Sealed under identity's key (from its secret), for this account only.
    expect(factorSecrets(SECRET).open(ann.user._id, stored[0].secret_enc)).toBe(secret);
    expect(factorSecrets(SECRET).open('another-user', stored[0].secret_enc)).toBeNull();

    // The first secret's code no longer works; a wrong code changes nothing.
    const enable = (code: string) =>
      h.api.call('POST', '/api/auth/2fa/totp/enable', { token: ann.token, body: { code } });
    const stale = await enable(await t.code(first.body.secret));
    expect([stale.status, stale.body]).toEqual([
      400,
      { message: SAY.invalidCode, code: 'invalid_code' },
    ]);
    expect((await security(ann.token)).totp).toBe(false);

    const on = await enable(await t.code(secret));
    expect(on.status).toBe(200);
    const codes: string[] = on.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const after = await rows(ann.user._id);
    expect(after.totp[0].enabled_at).toBe(new Date(h.clock.now()).toISOString());
    expect(after.codes).toHaveLength(10);
    for (const row of after.codes) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of codes) expect(row.code_hash).not.toContain(code.replace('-', ''));
    }
    expect(await security(ann.token)).toEqual({
      totp: true,
      totpEnabledAt: new Date(h.clock.now()).toISOString(),
      recoveryCodesLeft: 10,
      passkeys: [],
      required: false,
    });
    // On is on: neither a second enable nor a new set-up.
    expect((await enable(await t.code(secret, 1))).body.code).toBe('totp_already_on');
    const restart = await h.api.call('POST', '/api/auth/2fa/totp/setup', {
      token: ann.token,
      headers,
    });
    expect([restart.status, restart.body]).toEqual([
      409,
      { message: SAY.totpAlreadyOn, code: 'totp_already_on' },
    ]);
    const notices = await t.notices('ann+2fa@example.com', 1);
    expect(notices[0]).toMatchObject({ event: 'totp-enabled', name: 'Ann' });
  });

  it('refuses to enable before a set-up, and every malformed body with a clear 400', async () => {
    const bo = await h.verifiedUser('Bo', 'bo@example.com');
    const enable = (body: unknown) =>
      h.api.call('POST', '/api/auth/2fa/totp/enable', { token: bo.token, body });
    expect((await enable({ code: '123456' })).body).toEqual({
      message: SAY.totpNotStarted,
      code: 'totp_not_started',
    });
    await h.api.call('POST', '/api/auth/2fa/totp/setup', {
      token: bo.token,
      headers: await t.confirmation(bo.token),
    });
    for (const body of [
      {},
      { code: '' },
      { code: '12345' },
      { code: '1234567' },
      { code: 'abcdef' },
      { code: 123456 },
      { code: '123456', extra: true },
      [],
      'text',
      null,
    ]) {
      const reply = await enable(body);
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
      expect(typeof reply.body.message).toBe('string');
      expect(reply.body.code).toMatch(/^[a-z_]+$/);
      expect(JSON.stringify(reply.body)).not.toMatch(/stack|select|insert/i);
    }
    expect((await enable({ code: '123456' })).body.code).toBe('invalid_code');
    expect((await security(bo.token)).totp).toBe(false);
    expect((await rows(bo.user._id)).codes).toEqual([]);
    // Without a session, none of it.
    for (const [method, path] of [
      ['GET', '/api/auth/2fa'],
      ['POST', '/api/auth/2fa/totp/setup'],
      ['POST', '/api/auth/2fa/totp/enable'],
      ['POST', '/api/auth/2fa/totp/disable'],
      ['POST', '/api/auth/2fa/recovery-codes'],
    ] as const)
      expect(
        (await h.api.call(method, path, method === 'GET' ? {} : { body: { code: '123456' } }))
          .status,
      ).toBe(401);
  });

  it('turns off only with a step-up, by password or by a current app code; the codes go with it', async () => {
    const cy = await t.totpAccount('Cy', 'cy@example.com');
    const disable = (headers: Record<string, string> = {}) =>
      h.api.call('POST', '/api/auth/2fa/totp/disable', { token: cy.token, headers });
    for (const headers of [{}, { [CONFIRMATION_HEADER]: 'not-a-token' }] as Record<
      string,
      string
    >[]) {
      const refused = await disable(headers);
      expect([refused.status, refused.body]).toEqual([403, REAUTH]);
    }
    const before = await rows(cy.user._id);
    expect(before.totp).toHaveLength(1);
    expect(before.codes).toHaveLength(10);

    // Step-up by the app: a wrong code and a replayed one are refused.
    const confirm = (totp: string) =>
      h.api.call('POST', '/api/auth/confirm', { token: cy.token, body: { totp } });
    const good = await t.code(cy.secret);
    const wrongCode = await t.wrongCode(cy.secret);
    expect((await confirm(wrongCode)).body).toEqual({
      message: SAY.invalidCode,
      code: 'invalid_code',
    });
    const byApp = await confirm(good);
    expect(byApp.status).toBe(200);
    expect((await confirm(good)).body.code).toBe('invalid_code'); // replay
    const kept = await rows(cy.user._id);
    expect(kept.codes).toEqual(before.codes);
    expect(kept.totp[0]).toMatchObject({ enabled_at: before.totp[0].enabled_at });

    const off = await disable({ [CONFIRMATION_HEADER]: byApp.body.confirmation });
    expect([off.status, off.body]).toEqual([200, { message: SAY.totpOff }]);
    expect(await rows(cy.user._id)).toEqual({ totp: [], codes: [] });
    expect(await security(cy.token)).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    // Off: the app no longer confirms, a second disable says so, and login needs no code.
    expect((await confirm(await t.code(cy.secret, 1))).body.code).toBe('invalid_code');
    const twice = await disable(await t.confirmation(cy.token));
    expect([twice.status, twice.body]).toEqual([
      409,
      { message: SAY.totpNotOn, code: 'totp_not_on' },
    ]);
    const login = await t.login('cy@example.com');
    expect(Object.keys(login.body).sort()).toEqual(['token', 'user']);
    const notices = await t.notices('cy@example.com', 2);
    expect(notices.map((n) => n.kind === 'security-notice' && n.event)).toEqual([
      'totp-enabled',
      'totp-disabled',
    ]);
  });

  it('makes new recovery codes only with a step-up; the old ones stop working', async () => {
    const di = await t.totpAccount('Di', 'di@example.com');
    const remake = (headers: Record<string, string> = {}) =>
      h.api.call('POST', '/api/auth/2fa/recovery-codes', { token: di.token, headers });
    const before = await rows(di.user._id);
    expect((await remake()).body).toEqual(REAUTH);
    expect(await rows(di.user._id)).toEqual(before);

    const made = await remake(await t.confirmation(di.token));
    expect(made.status).toBe(200);
    const fresh: string[] = made.body.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => di.recoveryCodes.includes(code))).toEqual([]);
    expect((await rows(di.user._id)).codes).toHaveLength(10);

    const old = await t.verify({
      challenge: await t.challengeFor(di.email),
      code: di.recoveryCodes[0],
    });
    expect(old.body.code).toBe('invalid_code');
    const challenge = await t.challengeFor(di.email);
    const signedIn = await t.verify({ challenge, code: fresh[0]!.toUpperCase() });
    expect(signedIn.status).toBe(200);
    expect((await security(di.token)).recoveryCodesLeft).toBe(9);
    const notices = await t.notices('di@example.com', 3);
    expect(notices.map((n) => n.kind === 'security-notice' && n.event)).toEqual([
      'totp-enabled',
      'recovery-codes-remade',
      'recovery-code-sign-in',
    ]);
    expect(notices[2]).toMatchObject({ recoveryCodesLeft: 9 });

    // Without the app there are no recovery codes to make.
    const eve = await h.verifiedUser('Eve', 'eve@example.com');
    const none = await h.api.call('POST', '/api/auth/2fa/recovery-codes', {
      token: eve.token,
      headers: await t.confirmation(eve.token),
    });
    expect([none.status, none.body]).toEqual([
      409,
      { message: SAY.noRecoveryCodes, code: 'no_recovery_codes' },
    ]);
    expect((await rows(eve.user._id)).codes).toEqual([]);
  });

  it('never puts the secret or a recovery code in another answer', async () => {
    const fi = await t.totpAccount('Fi', 'fi@example.com');
    const seen = JSON.stringify([
      await security(fi.token),
      (await t.login(fi.email)).body,
      await h.db('totp_factors').select(),
      await h.db('recovery_codes').select(),
    ]);
    expect(seen).not.toContain(fi.secret);
    for (const code of fi.recoveryCodes) expect(seen).not.toContain(code);
  });
});
