import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmed } from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

const MB = 'x'.repeat(1024 * 1024);
const SQL = "x'); DROP TABLE users; --";
const HTML = '<script>alert(1)</script><img src=x onerror=alert(1)>';

/**
 * Bodies no route accepts; each must get a 4xx with a readable message and change nothing.
 * (Unknown fields are accepted and ignored: tolerant-reader.test.ts.)
 */
function badBodies(
  valid: Record<string, unknown>,
): { label: string; raw: string; contentType?: string }[] {
  const keys = Object.keys(valid);
  return [
    { label: 'malformed JSON', raw: '{"email": "a@b.c",' },
    { label: 'JSON array', raw: '[1,2,3]' },
    { label: 'JSON string', raw: '"hello"' },
    { label: 'JSON null', raw: 'null' },
    { label: 'not JSON', raw: 'email=a@b.c', contentType: 'application/x-www-form-urlencoded' },
    { label: 'empty object', raw: '{}' },
    { label: '1 MB string', raw: JSON.stringify({ ...valid, [keys[0]!]: MB }) },
    ...keys.map((key) => ({
      label: `${key} missing`,
      raw: JSON.stringify({ ...valid, [key]: undefined }),
    })),
    ...keys.map((key) => ({
      label: `${key} a number`,
      raw: JSON.stringify({ ...valid, [key]: 12345678 }),
    })),
    ...keys.map((key) => ({
      label: `${key} an object`,
      raw: JSON.stringify({ ...valid, [key]: { $gt: '' } }),
    })),
    ...keys.map((key) => ({
      label: `${key} an array`,
      raw: JSON.stringify({ ...valid, [key]: ['a', 'b'] }),
    })),
    {
      label: 'prototype pollution',
      raw: `{"__proto__": {"role": "admin"}, ${JSON.stringify(valid).slice(1)}`,
    },
  ];
}

describe.each(['sqlite', 'mariadb'] as const)('bad input to identity on %s', (kind) => {
  let h: Harness;
  let token: string;
  let codeToken: string;
  let snapshot: () => Promise<string>;
  beforeAll(async () => {
    h = await startIdentity(kind);
    token = (await h.verifiedUser('Admin', 'admin@example.com')).token;
    await h.api.call('POST', '/api/auth/otp/send', { body: { email: 'admin@example.com' } });
    codeToken = (
      await h.api.call('POST', '/api/auth/otp/verify', {
        body: { email: 'admin@example.com', otp: await h.nextCode('admin@example.com') },
      })
    ).body.token;
    snapshot = async () =>
      JSON.stringify([
        await h.db('users').select().orderBy('id'),
        await h.db('verification_codes').select().orderBy('user_id'),
      ]);
  });
  afterAll(() => h.stop());

  const routes = [
    {
      method: 'POST',
      path: '/api/auth/signup',
      valid: { name: 'N', email: 'n@example.com', password: 'long enough 1' },
    },
    {
      method: 'POST',
      path: '/api/auth/login',
      valid: { email: 'admin@example.com', password: 'correct horse battery' },
    },
    { method: 'POST', path: '/api/auth/otp/send', valid: { email: 'admin@example.com' } },
    {
      method: 'POST',
      path: '/api/auth/otp/verify',
      valid: { email: 'admin@example.com', otp: '123456' },
    },
    {
      method: 'PUT',
      path: '/api/user/password',
      valid: { newPassword: 'long enough 2' },
      auth: 'code',
    },
    {
      method: 'POST',
      path: '/api/auth/confirm',
      valid: { password: 'correct horse battery' },
      auth: 'session',
    },
    {
      method: 'PUT',
      path: '/api/user/update',
      valid: { name: 'Admin 2', email: 'admin@example.com' },
      auth: 'session',
    },
  ] as const;

  for (const route of routes) {
    it(`${route.method} ${route.path}: every malformed body is a clear 4xx and changes nothing`, async () => {
      const before = await snapshot();
      for (const bad of badBodies(route.valid)) {
        const bearer = 'auth' in route ? (route.auth === 'code' ? codeToken : token) : undefined;
        const res = await h.api.call(route.method, route.path, {
          rawBody: bad.raw,
          token: bearer,
          headers: { 'content-type': bad.contentType ?? 'application/json' },
        });
        expect(res.status, `${bad.label}: ${res.text}`).toBeGreaterThanOrEqual(400);
        expect(res.status, bad.label).toBeLessThan(500);
        expect(typeof res.body?.message, bad.label).toBe('string');
        expect(res.body.message.length, bad.label).toBeGreaterThan(3);
        expect(res.text, bad.label).not.toMatch(/at .*\.ts:\d+|SQLITE|ER_|select |insert |knex/i);
      }
      expect(await snapshot()).toBe(before);
    });
  }

  it('stores SQL and HTML metacharacters as plain text', async () => {
    const res = await h.api.call('POST', '/api/auth/signup', {
      body: { name: `${SQL} ${HTML}`, email: 'meta@example.com', password: `${SQL}${HTML}` },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.name).toBe(`${SQL} ${HTML}`);
    const login = await h.api.call('POST', '/api/auth/login', {
      body: { email: 'meta@example.com', password: `${SQL}${HTML}` },
    });
    expect(login.status).toBe(200);
    expect((await h.db('users').count({ n: '*' }))[0]!.n).toEqual(2);
  });

  it('refuses an e-mail with metacharacters and bad ids on admin routes', async () => {
    const res = await h.api.call('POST', '/api/auth/signup', {
      body: { name: 'N', email: `a${SQL}@example.com`, password: 'long enough 1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
    for (const id of [encodeURIComponent(SQL), 'x'.repeat(100), '%00']) {
      const del = await h.api.call('DELETE', `/api/admin/users/${id}`, {
        token,
        headers: await confirmed(h.api, { token }),
      });
      expect([400, 404]).toContain(del.status);
    }
  });

  it('answers unknown routes and methods with JSON, not HTML', async () => {
    const unknown = await h.api.call('GET', '/api/auth/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found', code: 'not_found' });
    const method = await h.api.call('PATCH', '/api/auth/login', { body: {} });
    expect(method.status).toBeGreaterThanOrEqual(400);
    expect(method.status).toBeLessThan(500);
  });
});
