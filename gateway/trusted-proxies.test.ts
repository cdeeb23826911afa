import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@dayframe/service-kit/http';
import { listen, finding } from '@dayframe/test-kit';
import { gatewayConfig } from './config.ts';
import { proxyGateway } from './proxy-gateway.ts';

// The gateway told to believe one proxy (TRUST_PROXY=<address>), over real HTTP: clients
// connect from loopback addresses of their own (127.0.0.0/8 is all loopback on Linux), and a
// stand-in service records the client address the gateway passes on.
const PROXY = '127.0.5.9';
const OTHER_PROXY_RANGE = '127.0.6.0/24';
const STRANGER = '127.0.5.5';
const BRIDGE = '127.0.5.1'; // the part a bridge gateway plays in compose: next door, not trusted

type Answer = { status: number; headers: IncomingHttpHeaders };

function get(url: string, path: string, from: string, headers: Record<string, string>) {
  return new Promise<Answer>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request(
      { host: hostname, port, path, localAddress: from, headers, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('TRUST_PROXY naming the proxy', () => {
  const seen: IncomingMessage['headers'][] = [];
  let service: Awaited<ReturnType<typeof listen>>;
  let gateway: ReturnType<typeof proxyGateway>;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    service = await listen((req, res) => {
      seen.push(req.headers);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.url === '/readyz' ? { status: 'ready' } : {}));
    });
    const config = gatewayConfig({
      LOG_LEVEL: 'silent',
      TRUST_PROXY: `${PROXY}, ${OTHER_PROXY_RANGE}`,
      IDENTITY_URL: service.url,
      JOURNALS_URL: service.url,
      GOALS_URL: service.url,
      CALENDAR_URL: service.url,
      ARCHIVE_URL: service.url,
      MEDIA_URL: service.url,
      REMINDERS_URL: service.url,
    } as NodeJS.ProcessEnv);
    expect(config.TRUST_PROXY).toEqual([PROXY, OTHER_PROXY_RANGE]);
    gateway = proxyGateway(config, silentLogger());
    await gateway.start();
    server = await listen(gateway.app.callback());
  });
  afterAll(async () => {
    await server?.close();
    await gateway?.stop();
    await service?.close();
  });

  const claims = {
    'x-forwarded-for': '198.51.100.4, 203.0.113.7',
    'x-forwarded-proto': 'https',
  };

  it('believes X-Forwarded-For and -Proto from a listed address or range, the last hop only', async () => {
    seen.length = 0;
    const viaProxy = await get(server.url, '/api/journals', PROXY, claims);
    const viaRange = await get(server.url, '/api/journals', '127.0.6.77', claims);
    expect(seen.map((h) => [h['x-forwarded-for'], h['x-forwarded-proto']])).toEqual([
      ['203.0.113.7', 'https'],
      ['203.0.113.7', 'https'],
    ]);
    // The scheme the proxy reports turns HSTS on.
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(viaRange.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('ignores them from any other peer, a bridge next door included: its own address counts', () =>
    finding('R3-5 X-Forwarded-For from an untrusted peer', 'refused', async () => {
      seen.length = 0;
      const answers = [];
      for (const from of [STRANGER, BRIDGE, '127.0.0.1'])
        answers.push(await get(server.url, '/api/journals', from, claims));
      expect(seen.map((h) => [h['x-forwarded-for'], h['x-forwarded-proto']])).toEqual([
        [STRANGER, 'http'],
        [BRIDGE, 'http'],
        ['127.0.0.1', 'http'],
      ]);
      for (const answer of answers)
        expect(answer.headers['strict-transport-security']).toBeUndefined();
    }));

  it('refuses a setting that names no address, naming it; true and false keep their meaning', () => {
    const base = {
      IDENTITY_URL: 'http://identity:3001',
      JOURNALS_URL: 'http://journals:3002',
      GOALS_URL: 'http://goals:3003',
      CALENDAR_URL: 'http://calendar:3004',
      ARCHIVE_URL: 'http://archive:3005',
      MEDIA_URL: 'http://media:3006',
      REMINDERS_URL: 'http://reminders:3007',
    };
    for (const bad of ['yes', '172.30.0.10/33', 'shell', '10.0.0.1,', '1.2.3.4/8/8'])
      expect(() => gatewayConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    expect(gatewayConfig({ ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(gatewayConfig({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(gatewayConfig(base).TRUST_PROXY).toBe(false);
    expect(gatewayConfig({ ...base, TRUST_PROXY: 'fd00::/8' }).TRUST_PROXY).toEqual(['fd00::/8']);
  });
});
