import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@dayframe/service-kit/http';
import { apiClient, listen, type ApiClient } from '@dayframe/test-kit';
import { gatewayConfig } from './config.ts';
import { proxyGateway } from './proxy-gateway.ts';

// Several replicas of one service behind the gateway (`JOURNALS_URL=http://a,http://b`): real
// HTTP stand-ins that answer with their own name and the body they received.
async function replica(name: string) {
  return listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = Buffer.concat(chunks);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          replica: name,
          method: req.method,
          bytes: received.length,
          body: received.length <= 1024 ? received.toString() : '',
        }),
      );
    });
  });
}

describe('the gateway with several replicas of a service', () => {
  let a: Awaited<ReturnType<typeof replica>>;
  let b: Awaited<ReturnType<typeof replica>>;
  let other: Awaited<ReturnType<typeof replica>>;
  let api: ApiClient;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    [a, b, other] = await Promise.all([replica('a'), replica('b'), replica('other')]);
    const gateway = proxyGateway(
      gatewayConfig({
        LOG_LEVEL: 'silent',
        IDENTITY_URL: other.url,
        JOURNALS_URL: `${a.url}, ${b.url}`,
        GOALS_URL: other.url,
        CALENDAR_URL: other.url,
        ARCHIVE_URL: `${a.url}, ${b.url}`,
        MEDIA_URL: `${a.url}, ${b.url}`,
        REMINDERS_URL: `${a.url}, ${b.url}`,
      } as NodeJS.ProcessEnv),
      silentLogger(),
    );
    const server = await listen(gateway.app.callback());
    api = apiClient(server.url);
    stop = async () => {
      await server.close();
      await gateway.stop();
    };
  });
  afterAll(async () => {
    await stop();
    await other.close();
    await b.close().catch(() => undefined);
  });

  const replicaOf = async (method: 'GET' | 'POST') => {
    const response = await api.call(method, '/api/journals', {
      body: method === 'POST' ? { title: 'Trips' } : undefined,
    });
    expect(response.status).toBe(200);
    return response.body as { replica: string; body: string };
  };

  it('accepts a comma-separated list and refuses a bad URL in it', () => {
    expect(() =>
      gatewayConfig({
        IDENTITY_URL: other.url,
        JOURNALS_URL: `${a.url},ftp://b`,
        GOALS_URL: other.url,
        CALENDAR_URL: other.url,
        ARCHIVE_URL: other.url,
        MEDIA_URL: other.url,
        REMINDERS_URL: other.url,
      }),
    ).toThrow(/JOURNALS_URL/);
  });

  it('spreads requests over the replicas, bodies included', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) seen.push((await replicaOf('GET')).replica);
    expect(seen.filter((r) => r === 'a')).toHaveLength(3);
    expect(seen.filter((r) => r === 'b')).toHaveLength(3);
    const posts = [await replicaOf('POST'), await replicaOf('POST')];
    expect(posts.map((p) => p.replica).sort()).toEqual(['a', 'b']);
    for (const post of posts) expect(JSON.parse(post.body)).toEqual({ title: 'Trips' });
  });

  it('streams a body larger than it keeps for a retry (an import) to one replica, whole', async () => {
    const size = 3 * 1024 * 1024;
    const response = await fetch(`${api.baseUrl}/api/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/zip' },
      body: Buffer.alloc(size, 7),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { replica: string; bytes: number };
    expect(['a', 'b']).toContain(answer.replica);
    expect(answer.bytes).toBe(size);
  });

  it('sends everything to the replica left when one stops, losing no request', async () => {
    await a.close();
    for (let i = 0; i < 4; i++) expect((await replicaOf('GET')).replica).toBe('b');
    const post = await replicaOf('POST');
    expect(post.replica).toBe('b');
    expect(JSON.parse(post.body)).toEqual({ title: 'Trips' });
  });

  it('answers a JSON 503 when no replica is left', async () => {
    await b.close();
    const response = await api.call('GET', '/api/journals');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'upstream_unavailable' });
  });
});
