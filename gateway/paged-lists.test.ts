import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '@dayframe/catalog';
import { silentLogger } from '@dayframe/service-kit/http';
import { apiClient, listen, nextLink } from '@dayframe/test-kit';
import { gatewayConfig } from './config.ts';
import { proxyGateway } from './proxy-gateway.ts';

// A paged list says where its next page is in headers (the services' own tests prove they send
// them): the gateway must pass them to the client untouched, and let a configured origin read them.
const LINK = '</api/entry/j1?limit=2&cursor=eyJqIjoiajEifQ>; rel="next"';

describe('paged lists through the gateway', () => {
  const origin = 'https://app.example.com';
  const servers: { close(): Promise<void> }[] = [];
  let gateway: ReturnType<typeof proxyGateway>;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    const urls: Record<string, string> = {};
    for (const name of SERVICES.map((s) => s.urlVar.replace(/_URL$/, ''))) {
      const service = await listen((req, res) => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/readyz') return res.end('{"status":"ready"}');
        res.setHeader('Link', LINK);
        res.setHeader('X-Total-Count', '7');
        res.end(JSON.stringify([{ service: name }]));
      });
      servers.push(service);
      urls[`${name}_URL`] = service.url;
    }
    gateway = proxyGateway(
      gatewayConfig({ LOG_LEVEL: 'silent', CORS_ORIGINS: origin, ...urls } as NodeJS.ProcessEnv),
      silentLogger(),
    );
    await gateway.start();
    const gatewayServer = await listen(gateway.app.callback());
    servers.unshift(gatewayServer);
    api = apiClient(gatewayServer.url);
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await gateway?.stop();
  });

  it('passes Link and X-Total-Count through, and lets an allowed origin read them', async () => {
    for (const path of ['/api/entry/j1?limit=2', '/api/admin/users?limit=2']) {
      const answer = await api.call('GET', path, { headers: { origin } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('link')).toBe(LINK);
      expect(nextLink(answer.headers)).toBe('/api/entry/j1?limit=2&cursor=eyJqIjoiajEifQ');
      expect(answer.headers.get('x-total-count')).toBe('7');
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      const exposed = answer.headers.get('access-control-expose-headers') ?? '';
      expect(exposed).toContain('Link');
      expect(exposed).toContain('X-Total-Count');
    }
    // Another origin is told nothing, as before.
    const stranger = await api.call('GET', '/api/entry/j1', {
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.headers.get('access-control-expose-headers')).toBeNull();
  });
});
