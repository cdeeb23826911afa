import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createApiClient, nextPagePath } from './api-client.ts';

type Seen = { method: string; url: string; authorization: string | undefined; body: string };
const seen: Seen[] = [];
let server: http.Server;
let baseUrl: string;

// A real HTTP server, so the client is tested on the wire (headers, bodies, statuses).
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        body,
      });
      if (
        req.headers.authorization === 'Bearer revoked' ||
        (req.url === '/api/auth/login' && body.includes('wrong'))
      ) {
        // A session the server ended, or a wrong password.
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'Refused', code: 'session_ended' }));
      } else if (req.url!.startsWith('/api/entry/j1')) {
        // A paged list as the services answer it: the next page's full /api path in Link.
        const second = req.url!.includes('cursor=');
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'X-Total-Count': '3',
          ...(second ? {} : { Link: '</api/entry/j1?limit=2&cursor=abc_-9>; rel="next"' }),
        });
        res.end(JSON.stringify(second ? ['c'] : ['a', 'b']));
      } else if (req.url === '/api/broken') {
        res.writeHead(409, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'Email already in use', code: 'EMAIL_IN_USE' }));
      } else if (req.url === '/api/html-error') {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        res.end('<h1>Bad gateway</h1>');
      } else if (req.url === '/api/empty') {
        res.writeHead(204);
        res.end();
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ok: true, echo: body ? JSON.parse(body) : null }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client(token: string | null = 'tok-123') {
  return createApiClient({ baseUrl, getToken: () => token });
}

describe('the API client', () => {
  it('sends JSON with the bearer token and reads JSON back', async () => {
    const answer = await client().post<{ ok: boolean; echo: unknown }>('/journals', {
      title: 'Travel',
    });
    expect(answer).toEqual({ ok: true, echo: { title: 'Travel' } });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/journals',
      authorization: 'Bearer tok-123',
    });
  });

  it.each([
    ['POST', '/auth/otp/send'],
    ['POST', '/auth/login'],
    ['POST', '/auth/signup'],
  ])('never sends the token with %s %s', async (method, path) => {
    await client().request(method, path, { body: { email: 'a@b.c' } });
    expect(seen.at(-1)).toMatchObject({ url: `/api${path}`, authorization: undefined });
  });

  it('sends the token with every other call, including other auth calls', async () => {
    await client().get('/auth/verify');
    expect(seen.at(-1)!.authorization).toBe('Bearer tok-123');
    await client().post('/auth/otp/verify', { email: 'a@b.c', otp: '123456' });
    expect(seen.at(-1)!.authorization).toBe('Bearer tok-123');
  });

  it('sends no header at all without a token', async () => {
    await client(null).get('/journals');
    expect(seen.at(-1)!.authorization).toBeUndefined();
  });

  it('puts query values in the URL and skips undefined ones', async () => {
    await client().get('/calendar', {
      query: { from: '2026-11-01', to: '2026-12-06', extra: undefined },
    });
    expect(seen.at(-1)!.url).toBe('/api/calendar?from=2026-11-01&to=2026-12-06');
  });

  it('turns an error body into an ApiError with status, message and code', async () => {
    const error = await client()
      .get('/broken')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Email already in use',
      code: 'EMAIL_IN_USE',
      fromServer: true,
    });
  });

  it('still gives an ApiError with the status when the body is not JSON', async () => {
    const error = await client()
      .get('/html-error')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, fromServer: false });
  });

  it('answers undefined for an empty success', async () => {
    expect(await client().delete('/empty')).toBeUndefined();
  });

  it('reports an unreachable server as status 0', async () => {
    const offline = createApiClient({ baseUrl: 'http://127.0.0.1:1/api', getToken: () => null });
    const error = await offline.get('/journals').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('reads a page of a paged list and follows its Link to the next page, then stops', async () => {
    const client = createApiClient({ baseUrl, getToken: () => 't' });
    const first = await client.getPage<string>('/entry/j1', { query: { limit: 2 } });
    expect(first).toEqual({ items: ['a', 'b'], next: '/entry/j1?limit=2&cursor=abc_-9', total: 3 });
    const second = await client.getPage<string>(first.next!);
    expect(second).toEqual({ items: ['c'], next: null, total: 3 });
    expect(seen.at(-1)!.url).toBe('/api/entry/j1?limit=2&cursor=abc_-9');
    expect(seen.at(-1)!.authorization).toBe('Bearer t');
  });
});

describe('a 401 for the stored session', () => {
  function revokedClient(stored = 'revoked') {
    const ended: string[] = [];
    const api = createApiClient({
      baseUrl,
      getToken: () => stored,
      onSessionEnded: (token) => ended.push(token),
    });
    return { api, ended };
  }

  /** 'open' when `promise` has not settled once the server's answer has had time to land. */
  async function settlement(promise: Promise<unknown>): Promise<string> {
    const later = new Promise((resolve) => setTimeout(() => resolve('open'), 300));
    return Promise.race([
      promise.then(
        () => 'resolved',
        () => 'rejected',
      ),
      later,
    ]) as Promise<string>;
  }

  it('reports the token that ended and gives the call up until its signal aborts', async () => {
    const { api, ended } = revokedClient();
    const controller = new AbortController();
    const call = api.get('/journals', { signal: controller.signal });
    expect(await settlement(call)).toBe('open');
    expect(ended).toEqual(['revoked']);
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('leaves the login refusal, the session check and a handed-in token to their callers', async () => {
    const { api, ended } = revokedClient('tok-123');
    await expect(api.post('/auth/login', { email: 'a@b.c', password: 'wrong' })).rejects.toEqual(
      new ApiError(401, 'Refused', 'session_ended', true),
    );
    await expect(api.get('/journals', { token: 'revoked' })).rejects.toMatchObject({
      status: 401,
    });
    const checking = revokedClient();
    await expect(checking.api.get('/auth/verify')).rejects.toMatchObject({ status: 401 });
    expect([...ended, ...checking.ended]).toEqual([]);
  });
});

describe('nextPagePath', () => {
  it('finds rel="next" among several links and makes it relative to the API base', () => {
    expect(nextPagePath(null)).toBeNull();
    expect(nextPagePath('</api/x?cursor=1>; rel="prev"')).toBeNull();
    expect(nextPagePath('</api/x?cursor=0>; rel="prev", </api/x?cursor=2>; rel="next"')).toBe(
      '/x?cursor=2',
    );
    expect(nextPagePath('<https://h.example/api/a?q=b%20c&cursor=z>; rel=next')).toBe(
      '/a?q=b%20c&cursor=z',
    );
    expect(nextPagePath('</other/a>; rel="next"')).toBe('/other/a');
  });
});

describe('an answer fetched ahead', () => {
  const asked = (url: string) => seen.filter((s) => s.method === 'GET' && s.url === url).length;

  it('is taken by the next get of its path, which asks the server no second time', async () => {
    const api = client();
    const before = asked('/api/ahead-1');
    api.prefetch('/ahead-1');
    expect(await api.get('/ahead-1')).toEqual({ ok: true, echo: null });
    expect(asked('/api/ahead-1') - before).toBe(1);
    // Taken once: the next get asks again.
    await api.get('/ahead-1');
    expect(asked('/api/ahead-1') - before).toBe(2);
  });

  it('is not served to another session, nor after a change', async () => {
    let token = 'tok-a';
    const api = createApiClient({ baseUrl, getToken: () => token });
    const before = asked('/api/ahead-2');
    api.prefetch('/ahead-2');
    token = 'tok-b';
    await api.get('/ahead-2');
    expect(asked('/api/ahead-2') - before).toBe(2);
    expect(seen.filter((s) => s.url === '/api/ahead-2').at(-1)!.authorization).toBe('Bearer tok-b');

    api.prefetch('/ahead-2');
    await api.post('/journals', { title: 'New' });
    await api.get('/ahead-2');
    expect(asked('/api/ahead-2') - before).toBe(4);
  });

  it("ends the taker's wait when its signal aborts", async () => {
    const api = client();
    api.prefetch('/ahead-3');
    const controller = new AbortController();
    controller.abort(new Error('left the page'));
    await expect(api.get('/ahead-3', { signal: controller.signal })).rejects.toThrow(
      'left the page',
    );
  });
});
