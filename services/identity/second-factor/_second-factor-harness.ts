// What the second-factor tests share: an account with the authenticator app on, codes computed
// from its secret on the harness clock, and the login's two steps.
import { expect } from 'vitest';
import { confirmed } from '@dayframe/test-kit';
import type { Harness } from '../_harness.ts';
import { totpCodeAt } from './totp.ts';

export const PASSWORD = 'correct horse battery';
const STEP_MS = 30_000;

export type TotpAccount = {
  token: string;
  user: { _id: string };
  email: string;
  secret: string;
  recoveryCodes: string[];
};

export function secondFactorHelpers(h: () => Harness) {
  const api = () => h().api;
  /** The app's code `steps` steps from now on the harness clock. */
  const code = (secret: string, steps = 0) => totpCodeAt(secret, h().clock.now() + steps * STEP_MS);
  /** Six digits that are none of the app's codes from two steps back to two ahead. */
  async function wrongCode(secret: string): Promise<string> {
    const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((steps) => code(secret, steps))));
    for (let n = 0; ; n++) {
      const candidate = String(n).padStart(6, '0');
      if (!near.has(candidate)) return candidate;
    }
  }
  const confirmation = (token: string) => confirmed(api(), { token, password: PASSWORD });
  const login = (email: string, password = PASSWORD) =>
    api().call('POST', '/api/auth/login', { body: { email, password } });
  const verify = (body: unknown) => api().call('POST', '/api/auth/2fa/verify', { body });

  async function challengeFor(email: string): Promise<string> {
    const reply = await login(email);
    expect(reply.status).toBe(200);
    expect(reply.body.twoFactorRequired).toBe(true);
    return reply.body.challenge as string;
  }

  /** A verified account with the app set up and on; the clock moved to the next step. */
  async function totpAccount(name: string, email: string): Promise<TotpAccount> {
    const account = await h().verifiedUser(name, email);
    const headers = await confirmation(account.token);
    const setup = await api().call('POST', '/api/auth/2fa/totp/setup', {
      token: account.token,
      headers,
    });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    const enabled = await api().call('POST', '/api/auth/2fa/totp/enable', {
      token: account.token,
      body: { code: await code(secret) },
    });
    expect(enabled.status).toBe(200);
    h().clock.advance(STEP_MS); // the enabling code's step is taken: the next one is new
    return { ...account, email, secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  /** The security notices mailed to `email`, waited for until `count` are there. */
  async function notices(email: string, count: number) {
    const mine = () =>
      h().mails.filter((mail) => mail.kind === 'security-notice' && mail.to === email);
    await expect.poll(() => mine().length).toBe(count);
    return mine();
  }

  return {
    code,
    wrongCode,
    confirmation,
    login,
    verify,
    challengeFor,
    totpAccount,
    notices,
    STEP_MS,
  };
}
