import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { otherTokenKeys, testTokenKeys } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

describe.each(['sqlite', 'mariadb'] as const)('sign-up, login and sessions on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity(kind);
  });
  afterAll(() => h.stop());

  it('makes the first account an admin and later ones users, unverified, without secrets in the answer', async () => {
    const first = await h.api.call('POST', '/api/auth/signup', {
      body: { name: 'Ada', email: 'Ada@Example.com', password: 'correct horse battery' },
    });
    expect(first.status).toBe(201);
    expect(first.body.user).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      role: 'admin',
      verified: false,
    });
    expect(first.body.user._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.body.token.split('.')).toHaveLength(3);
    expect(first.text).not.toMatch(/hash|\$2b\$|correct horse/i);
    const second = await h.signup('Grace', 'grace@example.com');
    expect(second.user.role).toBe('user');
  });

  it('refuses an address already in use, whatever its case', async () => {
    const res = await h.api.call('POST', '/api/auth/signup', {
      body: { name: 'Ada 2', email: 'ADA@example.com', password: 'another password' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Email already in use', code: 'email_in_use' });
  });

  it('logs in, and tells an unknown e-mail from a wrong password as the spec does', async () => {
    const ok = await h.api.call('POST', '/api/auth/login', {
      body: { email: 'ada@example.com', password: 'correct horse battery' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe('ada@example.com');
    const unknown = await h.api.call('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'whatever123' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No user found with email');
    const wrong = await h.api.call('POST', '/api/auth/login', {
      body: { email: 'ada@example.com', password: 'wrong password' },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('Incorrect password');
  });

  it('checks the session: the user and a fresh token for a good one, 401 for every bad one', async () => {
    const { token, user } = await h.signup('Linus', 'linus@example.com');
    const good = await h.api.call('GET', '/api/auth/verify', { token });
    expect(good.status).toBe(200);
    expect(good.body.user).toMatchObject({ _id: user._id, verified: false });
    expect(typeof good.body.token).toBe('string');

    const [header, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString('base64url')}.${token.split('.')[2]}`;
    // Another RSA key, and HS256 keyed with identity's public key (which every verifier holds).
    const otherKey = jwt.sign({ sub: user._id, role: 'user', sv: 0 }, otherTokenKeys().privateKey, {
      algorithm: 'RS256',
      expiresIn: 60,
    });
    const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const hmac = createHmac('sha256', testTokenKeys().publicKey)
      .update(`${head}.${payload}`)
      .digest('base64url');
    const publicKeyAsSecret = `${head}.${payload}.${hmac}`;
    for (const bad of [undefined, 'not-a-token', none, tampered, otherKey, publicKeyAsSecret]) {
      const res = await h.api.call('GET', '/api/auth/verify', { token: bad });
      expect(res.status, String(bad)).toBe(401);
      expect(res.body.message).toMatch(/log in/i);
    }
  });

  it('expires tokens: a week later the same token is refused', async () => {
    const { token } = await h.signup('Expiring', 'expiring@example.com');
    expect((await h.api.call('GET', '/api/auth/verify', { token })).status).toBe(200);
    h.clock.advance(8 * 24 * 3600_000);
    expect((await h.api.call('GET', '/api/auth/verify', { token })).status).toBe(401);
  });

  it('keeps every character of a long password: two that share their first 72 bytes differ', async () => {
    const base = 'x'.repeat(72);
    await h.signup('Long', 'long@example.com', `${base}-one`);
    const other = await h.api.call('POST', '/api/auth/login', {
      body: { email: 'long@example.com', password: `${base}-two` },
    });
    expect(other.status).toBe(409);
    const same = await h.api.call('POST', '/api/auth/login', {
      body: { email: 'long@example.com', password: `${base}-one` },
    });
    expect(same.status).toBe(200);
  });

  it('limits wrong passwords per account and address: the owner elsewhere still gets in', async () => {
    await h.signup('Target', 'target@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await h.api.call('POST', '/api/auth/login', {
        body: { email: 'target@example.com', password: `guess-${i}-wrong` },
        headers: { 'x-forwarded-for': '10.0.0.1' },
      });
      statuses.push(res.status);
      if (res.status === 429)
        expect(res.body.message).toBe('Too many login attempts. Try again later.');
    }
    expect(statuses).toEqual([...Array(10).fill(409), 429]);
    // That pair waits out the window, even with the right password...
    const right = (from: string) =>
      h.api.call('POST', '/api/auth/login', {
        body: { email: 'target@example.com', password: 'correct horse battery' },
        headers: { 'x-forwarded-for': from },
      });
    expect((await right('10.0.0.1')).status).toBe(429);
    // ...but the owner from another address gets in at once.
    expect((await right('10.0.0.2')).status).toBe(200);
    h.clock.advance(15 * 60_000 + 1);
    expect((await right('10.0.0.1')).status).toBe(200);
  });

  it('limits login attempts per client address', async () => {
    h.clock.advance(61_000);
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await h.api.call('POST', '/api/auth/login', {
        body: { email: `spray${i}@example.com`, password: 'whatever123' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      last = res.status;
      if (i < 30) expect(res.status).toBe(404);
    }
    expect(last).toBe(429);
  });
});
