import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@dayframe/service-kit/http';
import { createJobBus } from '@dayframe/service-kit/jobs';
import { startIdentity, type Harness } from './_harness.ts';

describe.each(['sqlite', 'mariadb'] as const)('verification codes on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity(kind);
  });
  afterAll(() => h.stop());

  const send = (email: string) => h.api.call('POST', '/api/auth/otp/send', { body: { email } });
  const verify = (email: string, otp: string) =>
    h.api.call('POST', '/api/auth/otp/verify', { body: { email, otp } });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a 6-digit code, verifies the user with it once, and answers a new token', async () => {
    await h.signup('Ada', 'ada@example.com');
    const sent = await send('ada@example.com');
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Verification code sent. Check your email.');
    expect(sent.text).not.toMatch(/\d{6}/);
    const code = await h.nextCode('ada@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const ok = await verify('ada@example.com', code);
    expect(ok.status).toBe(200);
    expect(ok.body.user.verified).toBe(true);
    const session = await h.api.call('GET', '/api/auth/verify', { token: ok.body.token });
    expect(session.body.user.verified).toBe(true);
    const again = await verify('ada@example.com', code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Invalid or expired code.');
  });

  it('stores codes only as hashes', async () => {
    await h.signup('Hash', 'hash@example.com');
    await send('hash@example.com');
    const code = await h.nextCode('hash@example.com');
    const rows = await h.db('verification_codes').select();
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('answers 404 for an unknown address and changes nothing', async () => {
    const res = await send('nobody@example.com');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No user with that email');
  });

  it('enforces the 60 s resend cooldown on the server, and a new code replaces the old', async () => {
    await h.signup('Cool', 'cool@example.com');
    expect((await send('cool@example.com')).status).toBe(200);
    const first = await h.nextCode('cool@example.com');
    const early = await send('cool@example.com');
    expect(early.status).toBe(429);
    expect(early.body.message).toBe('Please wait before requesting another code.');
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    h.clock.advance(60_000);
    expect((await send('cool@example.com')).status).toBe(200);
    const second = await h.nextCode('cool@example.com');
    if (second !== first) expect((await verify('cool@example.com', first)).status).toBe(400);
    expect((await verify('cool@example.com', second)).status).toBe(200);
  });

  it('burns a code after five wrong tries: 429, and the right code no longer works', async () => {
    await h.signup('Brute', 'brute@example.com');
    await send('brute@example.com');
    const code = await h.nextCode('brute@example.com');
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await verify('brute@example.com', wrong(code))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await verify('brute@example.com', code);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many attempts. Request a new code.');
  });

  it('expires a code after 10 minutes', async () => {
    await h.signup('Late', 'late@example.com');
    await send('late@example.com');
    const code = await h.nextCode('late@example.com');
    h.clock.advance(10 * 60_000 + 1);
    expect((await verify('late@example.com', code)).status).toBe(400);
  });

  it('caps codes per account per hour', async () => {
    await h.signup('Cap', 'cap@example.com');
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await send('cap@example.com')).status);
      h.clock.advance(61_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    h.clock.advance(3_600_000);
    expect((await send('cap@example.com')).status).toBe(200);
  });

  it('rejects a malformed code with the spec message', async () => {
    for (const otp of ['12345', '1234567', 'abcdef', 123456]) {
      const res = await h.api.call('POST', '/api/auth/otp/verify', {
        body: { email: 'ada@example.com', otp },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Enter the 6-digit code.');
    }
  });
});

describe('when the mail queue cannot be reached', () => {
  let h: Harness;
  beforeAll(async () => {
    // Nothing listens on port 1: this is Redis being down.
    h = await startIdentity('sqlite', {
      jobs: createJobBus({
        redisUrl: 'redis://127.0.0.1:1',
        prefix: 'unreachable',
        log: silentLogger(),
      }),
    });
  });
  afterAll(() => h.stop());

  it('answers 503 within a second and starts no cooldown', async () => {
    await h.signup('Queue', 'queue@example.com');
    const started = performance.now();
    const res = await h.api.call('POST', '/api/auth/otp/send', {
      body: { email: 'queue@example.com' },
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('unavailable');
    const rows = await h.db('verification_codes').select();
    expect(rows).toHaveLength(0);
  });
});
