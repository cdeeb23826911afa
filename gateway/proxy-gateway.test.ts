import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@dayframe/service-kit/http';
import { SERVICE_NAMES, SERVICES } from '@dayframe/catalog';
import { apiClient, freePort, listen, startProcess } from '@dayframe/test-kit';
import { gatewayConfig } from './config.ts';
import { proxyGateway } from './proxy-gateway.ts';

// The distributed gateway in front of stand-in services: real HTTP servers that answer with
// what they received, so the test sees exactly what the gateway passes on.
type Seen = { service: string; method: string; url: string; headers: IncomingMessage['headers'] };

async function standInService(service: string, seen: Seen[]) {
  return listen((req, res) => {
    // The gateway's own readiness probes can come at any moment: what it passes on is the rest.
    if (req.url !== '/readyz')
      seen.push({ service, method: req.method!, url: req.url!, headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.url === '/readyz' ? { status: 'ready' } : { service }));
  });
}

async function startGateway(urls: Record<string, string>) {
  const gateway = proxyGateway(
    gatewayConfig({ LOG_LEVEL: 'silent', ...urls } as NodeJS.ProcessEnv),
    silentLogger(),
  );
  await gateway.start();
  const server = await listen(gateway.app.callback());
  return {
    api: apiClient(server.url),
    async stop() {
      await server.close();
      await gateway.stop();
    },
  };
}

describe('the proxy-only gateway', () => {
  const seen: Seen[] = [];
  const services: Awaited<ReturnType<typeof standInService>>[] = [];
  let urls: Record<string, string>;
  let gw: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    urls = {};
    for (const name of SERVICE_NAMES) {
      const service = await standInService(name, seen);
      services.push(service);
      urls[`${name.toUpperCase()}_URL`] = service.url;
    }
    gw = await startGateway(urls);
  });
  afterAll(async () => {
    await gw.stop();
    for (const service of services) await service.close();
  });

  it('will not start unless every service has a URL, and names the missing ones', () => {
    expect(() => gatewayConfig({ IDENTITY_URL: urls.IDENTITY_URL })).toThrow(
      // Every other service's variable, in the catalog's order.
      new RegExp(
        SERVICES.filter((row) => row.name !== 'identity')
          .map((row) => row.urlVar)
          .join('.*'),
      ),
    );
    expect(() => gatewayConfig({ ...urls, GOALS_URL: 'ftp://goals' })).toThrow(/GOALS_URL/);
  });

  it('routes each /api prefix to its service, with the request id and the client address', async () => {
    const routes = {
      '/api/auth/login': 'identity',
      '/api/admin/users': 'identity',
      '/api/journals': 'journals',
      '/api/entry/abc': 'journals',
      '/api/goals/due?from=2026-01-01': 'goals',
      '/api/calendar?from=2026-01-01&to=2026-01-31': 'calendar',
      '/api/export?format=json': 'archive',
    };
    for (const [path, service] of Object.entries(routes)) {
      seen.length = 0;
      const res = await gw.api.call('GET', path, {
        headers: { 'x-request-id': 'trace-1', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual({ service });
      expect(res.headers.get('content-security-policy'), path).toContain("object-src 'none'");
      expect(seen, path).toHaveLength(1);
      expect(seen[0]).toMatchObject({ service, url: path });
      expect(seen[0]!.headers['x-request-id']).toBe('trace-1');
      // The client's own claim is replaced by the address the gateway saw.
      expect(seen[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    }
  });

  it('answers unknown API paths and oversized bodies itself, without calling a service', async () => {
    seen.length = 0;
    const unknown = await gw.api.call('GET', '/api/internal/session');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No such API route.', code: 'not_found' });
    const big = await gw.api.call('POST', '/api/journals', { body: { name: 'x'.repeat(300_000) } });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('payload_too_large');
    expect(seen).toEqual([]);
  });

  it('is ready when every service is', async () => {
    const ready = await gw.api.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({
      identity: 'ok',
      journals: 'ok',
      goals: 'ok',
      calendar: 'ok',
      archive: 'ok',
      media: 'ok',
      reminders: 'ok',
    });
  });
});

describe('the proxy-only gateway, when an upstream fails', () => {
  let hanging: Server;
  let hangingUrl: string;
  let healthy: Awaited<ReturnType<typeof standInService>>;
  beforeAll(async () => {
    hanging = createServer(() => undefined); // accepts, never answers
    const port = await freePort();
    await new Promise<void>((r) => hanging.listen(port, '127.0.0.1', () => r()));
    hangingUrl = `http://127.0.0.1:${port}`;
    healthy = await standInService('any', []);
  });
  afterAll(async () => {
    await healthy.close();
    await new Promise<void>((r) => {
      hanging.closeAllConnections();
      hanging.close(() => r());
    });
  });

  const urlsWith = (overrides: Record<string, string>) => ({
    IDENTITY_URL: healthy.url,
    JOURNALS_URL: healthy.url,
    GOALS_URL: healthy.url,
    CALENDAR_URL: healthy.url,
    ARCHIVE_URL: healthy.url,
    MEDIA_URL: healthy.url,
    REMINDERS_URL: healthy.url,
    ...overrides,
  });

  it('answers a JSON 503 at once for an unreachable service and keeps serving the rest', async () => {
    const gw = await startGateway(urlsWith({ GOALS_URL: `http://127.0.0.1:${await freePort()}` }));
    try {
      const started = performance.now();
      const res = await gw.api.call('GET', '/api/goals/due');
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('upstream_unavailable');
      expect((await gw.api.call('GET', '/api/journals')).status).toBe(200);
      const ready = await gw.api.call('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.message).toContain('goals');
    } finally {
      await gw.stop();
    }
  });

  it('answers a JSON 503 within 3 s for a service that hangs', async () => {
    const gw = await startGateway(urlsWith({ CALENDAR_URL: hangingUrl }));
    try {
      const started = performance.now();
      const res = await gw.api.call('GET', '/api/calendar?from=2026-01-01&to=2026-01-31');
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('upstream_timeout');
    } finally {
      await gw.stop();
    }
  });
});

describe('gateway/main.ts, the distributed gateway process', () => {
  it('refuses to start without the services’ URLs, naming them', async () => {
    await expect(startProcess('gateway/main.ts', { LOG_LEVEL: 'silent' })).rejects.toThrow(
      /IDENTITY_URL/,
    );
  });
});
