// The headers every answer carries (pages, API answers, errors, static files), HSTS only when
// the gateway is reached over TLS through a trusted proxy, and CORS only for the configured
// origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopback, type Client, type Reply } from './_client.ts';
import { attack } from './_summary.ts';
import { startTarget, type Target } from './_target.ts';

const ALLOWED = 'https://app.dayframe.example';
const STRANGER = 'https://evil.example';

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectSafeHeaders(reply: Reply, what: string) {
  const csp = directives(reply.header('content-security-policy') ?? '');
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, `${what}: script-src`).toBeDefined();
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
    expect(scripts, `${what}: script-src ${unsafe}`).not.toContain(unsafe);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(reply.header('x-content-type-options'), what).toBe('nosniff');
  expect(['no-referrer', 'strict-origin-when-cross-origin', 'same-origin']).toContain(
    reply.header('referrer-policy'),
  );
  expect(reply.header('x-powered-by'), what).toBeUndefined();
}

describe('security headers and CORS (embedded gateway behind a TLS proxy)', () => {
  let target: Target;
  let api: Client;
  beforeAll(async () => {
    target = await startTarget('embedded', {
      gatewayEnv: {
        CORS_ORIGINS: `${ALLOWED}, https://admin.dayframe.example`,
        TRUST_PROXY: 'true',
      },
    });
    api = target.client(loopback(100));
  }, 60_000);
  afterAll(() => target?.stop());

  const PATHS = [
    '/',
    '/journals',
    '/api/auth/verify',
    '/api/journals',
    '/api/nothing',
    '/healthz',
    '/remotes.json',
    '/remotes/mfe-goals/mf-manifest.json',
    '/no-such-file.js',
  ];

  it('sets CSP without inline script, object-src/base-uri/frame-ancestors none, nosniff and a Referrer-Policy on every answer', async () => {
    for (const path of PATHS) {
      for (const accept of ['text/html', 'application/json']) {
        const reply = await api.call('GET', path, { headers: { accept } });
        await attack('headers: missing protection', async () =>
          expectSafeHeaders(reply, `${path} (${accept}) ${reply.status}`),
        );
      }
    }
    const post = await api.call('POST', '/api/auth/login', { rawBody: '{' });
    expect(post.status).toBe(400);
    expectSafeHeaders(post, 'a 400');
  });

  it('sends HSTS over TLS (X-Forwarded-Proto: https from the trusted proxy) and not over plain HTTP', async () => {
    const tls = await api.call('GET', '/', { headers: { 'x-forwarded-proto': 'https' } });
    const hsts = tls.header('strict-transport-security') ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_552_000);
    const apiTls = await api.call('GET', '/api/journals', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(apiTls.header('strict-transport-security')).toBe(hsts);
    const plain = await api.call('GET', '/');
    expect(plain.header('strict-transport-security')).toBeUndefined();
  });

  it('gives an allowed origin CORS, and any other origin none', async () => {
    for (const [origin, allowed] of [
      [ALLOWED, true],
      ['https://admin.dayframe.example', true],
      [STRANGER, false],
      [`${ALLOWED}.evil.example`, false],
      ['https://app.dayframe.example:8443', false],
      ['http://app.dayframe.example', false],
      ['null', false],
    ] as const) {
      await attack(allowed ? 'cors: allowed origin' : 'cors: foreign origin', async () => {
        const simple = await api.call('GET', '/api/journals', { headers: { origin } });
        const preflight = await api.call('OPTIONS', '/api/journals', {
          headers: {
            origin,
            'access-control-request-method': 'DELETE',
            'access-control-request-headers': 'authorization,content-type',
          },
        });
        for (const reply of [simple, preflight]) {
          expect(reply.header('access-control-allow-origin'), origin).toBe(
            allowed ? origin : undefined,
          );
          // The token travels in a header, never in a cookie: credentials are never allowed.
          expect(reply.header('access-control-allow-credentials'), origin).toBeUndefined();
        }
        if (allowed) {
          expect(simple.header('vary')).toMatch(/origin/i);
          expect(preflight.status).toBe(204);
          expect(preflight.header('access-control-allow-methods')).toMatch(/DELETE/);
          expect(preflight.header('access-control-allow-headers')).toMatch(/authorization/i);
        } else {
          expect(preflight.header('access-control-allow-methods'), origin).toBeUndefined();
          expect(preflight.header('access-control-allow-headers'), origin).toBeUndefined();
        }
      });
    }
  });
});

describe('without a trusted proxy (TRUST_PROXY unset)', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget('embedded');
  }, 60_000);
  afterAll(() => target?.stop());

  it('ignores a client claiming TLS, and gives no origin CORS', async () => {
    const api = target.client(loopback(101));
    const reply = await api.call('GET', '/', {
      headers: { 'x-forwarded-proto': 'https', origin: ALLOWED },
    });
    expect(reply.header('strict-transport-security')).toBeUndefined();
    expect(reply.header('access-control-allow-origin')).toBeUndefined();
    expectSafeHeaders(reply, '/');
  });
});
