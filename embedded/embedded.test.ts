import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, systemClock } from '@dayframe/service-kit/http';
import { createDatabase } from '@dayframe/service-kit/db';
import { createJobBus } from '@dayframe/service-kit/jobs';
import { createEventBus } from '@dayframe/service-kit/events';
import { createTokenIssuer } from '@dayframe/service-kit/tokens';
import { memoryRateLimiter } from '@dayframe/service-kit/limits';
import { createIdentity } from '@dayframe/identity';
import { listen, tempDataDir, testTokenKeys, testServiceSecret } from '@dayframe/test-kit';
import { startEmbeddedApp, TEST_SECRET } from './_harness.ts';

describe('the embedded app (gateway and services in one process)', () => {
  let gw: Awaited<ReturnType<typeof startEmbeddedApp>>;
  beforeAll(async () => {
    gw = await startEmbeddedApp();
  });
  afterAll(() => gw.stop());

  it('sets the security headers on API answers and pages, and no X-Powered-By', async () => {
    for (const path of ['/api/auth/verify', '/healthz', '/']) {
      const res = await gw.api.call('GET', path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('strict-transport-security')).toBeNull(); // plain HTTP here
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const path of [
      '/api',
      '/api/nothing',
      '/api/authx',
      '/api/internal/session',
      '/api/internal/calendar-window?from=2026-01-01&to=2026-01-31',
    ]) {
      const res = await gw.api.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ message: 'No such API route.', code: 'not_found' });
    }
  });

  it('routes search to the service that owns the rows and insights to journals', async () => {
    // Reached, each service refuses a call without a token; an unknown search is no route.
    for (const path of [
      '/api/search/entries?q=tea',
      '/api/search/goals?q=tea',
      '/api/insights/on-this-day?date=2026-01-01',
      '/api/insights/writing?from=2026-01-01&to=2026-01-31',
    ]) {
      const res = await gw.api.call('GET', path);
      expect(res.status, path).toBe(401);
    }
    for (const path of ['/api/search', '/api/search/calendar?q=tea']) {
      expect((await gw.api.call('GET', path)).status, path).toBe(404);
    }
  });

  it("never exposes the services' internal endpoints (session, calendar windows)", async () => {
    // Reachable, they would answer 401 to a call without a token; the gateway has no route.
    for (const path of [
      '/internal/session',
      '/internal/calendar-window?from=2026-01-01&to=2026-01-31',
    ]) {
      const res = await gw.api.call('GET', path, { headers: { accept: 'application/json' } });
      expect(res.status, path).toBe(404);
    }
  });

  it('refuses a body over the limit with a clear 413 before any service sees it', async () => {
    const res = await gw.api.call('POST', '/api/auth/signup', {
      body: { name: 'x'.repeat(300 * 1024), email: 'big@example.com', password: 'long enough 1' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: 'The request body is too large.',
      code: 'payload_too_large',
    });
  });

  it('gives every request an id, keeps a sane one from the caller, and hands it to the service', async () => {
    const fresh = await gw.api.call('GET', '/api/auth/verify');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await gw.api.call('GET', '/api/auth/verify', {
      headers: { 'x-request-id': 'trace-abc-123' },
    });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc-123');
    const replaced = await gw.api.call('GET', '/api/auth/verify', {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('answers health and readiness', async () => {
    expect((await gw.api.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await gw.api.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({
      identity: 'ok',
      journals: 'ok',
      goals: 'ok',
      calendar: 'ok',
    });
  });

  it('publishes the remotes the shell should load', async () => {
    const res = await gw.api.call('GET', '/remotes.json');
    // Revalidated on every load, answered 304 while the list is the same.
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const again = await gw.api.call('GET', '/remotes.json', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(res.body.remotes.map((r: { name: string }) => r.name)).toEqual([
      'mfe_journals',
      'mfe_goals',
      'mfe_calendar',
      'mfe_account',
    ]);
    expect(res.body.remotes[0].entry).toBe('/remotes/mfe-journals/mf-manifest.json');
  });

  it('runs sign-up and login through the in-process identity service', async () => {
    const signup = await gw.api.call('POST', '/api/auth/signup', {
      body: { name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' },
    });
    expect(signup.status).toBe(201);
    const login = await gw.api.call('POST', '/api/auth/login', {
      body: { email: 'ada@example.com', password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
  });

  it('does not let a client forge its address past the rate limits', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await gw.api.call('POST', '/api/auth/login', {
          body: { email: `x${i}@example.com`, password: 'whatever123' },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe('the embedded app, proxying identity by URL', () => {
  let identityServer: Awaited<ReturnType<typeof listen>>;
  let gw: Awaited<ReturnType<typeof startEmbeddedApp>>;
  const dir = tempDataDir();
  let seenRequestIds: string[] = [];
  beforeAll(async () => {
    const log = silentLogger();
    const db = createDatabase({ dataDir: dir.dir });
    const identity = createIdentity({
      db,
      tokens: createTokenIssuer(testTokenKeys().signingKey),
      secret: TEST_SECRET,
      serviceKey: testServiceSecret().key,
      jobs: createJobBus({ log }),
      events: createEventBus({ log }),
      limiter: memoryRateLimiter(systemClock),
      log,
      bcryptCost: 4,
    });
    await identity.migrate();
    identity.app.middleware.unshift(async (ctx, next) => {
      seenRequestIds.push(ctx.get('x-request-id'));
      await next();
    });
    identityServer = await listen(identity.app.callback());
    gw = await startEmbeddedApp({
      IDENTITY_URL: identityServer.url,
      SERVICE_TOKEN_SECRET: testServiceSecret().secret,
    });
  });
  afterAll(async () => {
    await gw.stop();
    await identityServer.close();
    dir.remove();
  });

  it('signs up, logs in and checks sessions through the proxy, passing the request id on', async () => {
    seenRequestIds = [];
    const signup = await gw.api.call('POST', '/api/auth/signup', {
      body: { name: 'Proxy', email: 'proxy@example.com', password: 'correct horse battery' },
      headers: { 'x-request-id': 'proxied-1' },
    });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('x-request-id')).toBe('proxied-1');
    expect(seenRequestIds).toContain('proxied-1');
    const bad = await gw.api.call('POST', '/api/auth/login', {
      body: { email: 'proxy@example.com', password: 'wrong password' },
    });
    expect(bad.status).toBe(409);
    expect(bad.body.message).toBe('Incorrect password');
    const session = await gw.api.call('GET', '/api/auth/verify', { token: signup.body.token });
    expect(session.status).toBe(200);
    expect(session.headers.get('content-security-policy')).toContain("object-src 'none'");
  });

  it('lets in-process services check sessions with the remote identity', async () => {
    const login = await gw.api.call('POST', '/api/auth/login', {
      body: { email: 'proxy@example.com', password: 'correct horse battery' },
    });
    const journals = await gw.api.call('GET', '/api/journals', { token: login.body.token });
    // Unverified: the session is recognised (not 401), and the verification rule applies.
    expect(journals.status).toBe(403);
    expect((await gw.api.call('GET', '/api/journals', { token: 'garbage' })).status).toBe(401);
  });
});
