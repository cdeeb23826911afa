import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { internalClient, ServiceUnreachable, type InternalClient } from './internal-client.ts';
import { randomServiceKey, serviceCaller } from '../tokens/service-tokens.ts';

const caller = serviceCaller(randomServiceKey(), 'calendar');

type Handler = (req: IncomingMessage & { body: string }, res: ServerResponse) => void;

/** A throw-away service on a loopback port, answering with `handler`; `seen` lists its requests. */
async function service(handler: Handler) {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] =
    [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(Object.assign(req, { body }), res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  cleanup.push(stop);
  return { url, seen, stop };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const cleanup: (() => Promise<void>)[] = [];
const clients: InternalClient[] = [];
function clientOf(url: string, options: { deadlineMs?: number; retries?: number } = {}) {
  const client = internalClient(url, { name: 'owner', caller, deadlineMs: 1_000, ...options });
  clients.push(client);
  return client;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(cleanup.splice(0).map((stop) => stop()));
});

const answer = z.object({ n: z.number() });

/** What a call threw (it must throw). */
async function thrown(promise: Promise<unknown>): Promise<HttpError> {
  const error: unknown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('internalClient', () => {
  it("answers the service's 200, passing on the caller's token and request id", async () => {
    const owner = await service((_req, res) => json(res, 200, { n: 7 }));
    const client = clientOf(owner.url);
    await expect(
      client.call({ path: '/internal/thing?x=1', token: 't0k', requestId: 'r-1' }, answer),
    ).resolves.toEqual({ n: 7 });
    expect(owner.seen[0]).toMatchObject({ method: 'GET', url: '/internal/thing?x=1' });
    expect(owner.seen[0]!.headers).toMatchObject({
      authorization: 'Bearer t0k',
      'x-request-id': 'r-1',
      // The caller's own token for this service, beside the user's.
      'x-service-token': caller.tokenFor('owner'),
    });
  });

  it('sends a POST body as JSON', async () => {
    const owner = await service((req, res) =>
      json(res, 200, { n: JSON.parse(req.body).ids.length }),
    );
    const client = clientOf(owner.url);
    await expect(
      client.call({ method: 'POST', path: '/internal/count', body: { ids: ['a', 'b'] } }, answer),
    ).resolves.toEqual({ n: 2 });
    expect(owner.seen[0]!.headers['content-type']).toBe('application/json');
  });

  it("passes on the service's own refusal as the same error", async () => {
    const owner = await service((_req, res) =>
      json(res, 409, { message: 'You have too many goals.', code: 'quota_exceeded' }),
    );
    const error = await thrown(clientOf(owner.url).call({ path: '/internal/import' }, answer));
    expect(error).not.toBeInstanceOf(ServiceUnreachable);
    expect(error).toMatchObject({
      status: 409,
      message: 'You have too many goals.',
      code: 'quota_exceeded',
    });
  });

  it('answers 503 for a failure, a malformed answer, or a 4xx without the error body', async () => {
    const answers: [number, unknown][] = [
      [500, { message: 'boom', code: 'internal' }],
      [429, { message: 'slow down', code: 'too_many_requests' }],
      [200, { n: 'seven' }],
      [404, 'not json at all'],
    ];
    let next = 0;
    const owner = await service((_req, res) => {
      const [status, body] = answers[next++]!;
      json(res, status, body);
    });
    const client = clientOf(owner.url, { retries: 0 });
    for (let i = 0; i < answers.length; i += 1) {
      const error = await thrown(client.call({ path: '/internal/thing' }, answer));
      expect(error).toBeInstanceOf(ServiceUnreachable);
      expect(error).toMatchObject({ status: 503, code: 'unavailable' });
    }
  });

  it('says what its caller chose in the 503', async () => {
    const client = internalClient('http://127.0.0.1:9', {
      name: 'identity',
      caller,
      deadlineMs: 1_000,
      unavailable: { message: 'Sign-in is down.', code: 'identity_unavailable' },
    });
    clients.push(client);
    const error = await thrown(client.call({ path: '/internal/session' }, answer));
    expect(error).toMatchObject({
      status: 503,
      message: 'Sign-in is down.',
      code: 'identity_unavailable',
    });
  });

  it('gives up on a service that does not answer at the deadline', async () => {
    const owner = await service(() => {
      // never answers
    });
    const started = performance.now();
    // A second, not less: on a loaded machine a 300 ms deadline could pass before the request
    // even reached the service (a fresh-clone CI run saw it never arrive).
    const error = await thrown(
      clientOf(owner.url, { deadlineMs: 1_000 }).call({ path: '/' }, answer),
    );
    const took = performance.now() - started;
    expect(error).toBeInstanceOf(ServiceUnreachable);
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(3_000);
    expect(owner.seen).toHaveLength(1);
  });

  it('tries a GET again on a fresh connection when the first is lost, but never a POST', async () => {
    let calls = 0;
    const owner = await service((req, res) => {
      calls += 1;
      if (calls % 2 === 1) req.socket.destroy();
      else json(res, 200, { n: calls });
    });
    const client = clientOf(owner.url);
    await expect(client.call({ path: '/internal/thing' }, answer)).resolves.toEqual({ n: 2 });
    expect(calls).toBe(2);

    const error = await thrown(
      client.call({ method: 'POST', path: '/internal/import', body: {} }, answer),
    );
    expect(error).toBeInstanceOf(ServiceUnreachable);
    expect(calls).toBe(3);
  });

  it('answers 503 for a service nobody listens for', async () => {
    const owner = await service((_req, res) => json(res, 200, { n: 1 }));
    await owner.stop();
    const error = await thrown(clientOf(owner.url).call({ path: '/' }, answer));
    expect(error).toBeInstanceOf(ServiceUnreachable);
  });

  it('is ready while the service answers /readyz with 200', async () => {
    let ready = true;
    const owner = await service((req, res) =>
      json(res, req.url === '/readyz' && ready ? 200 : 503, {}),
    );
    const client = clientOf(owner.url);
    await expect(client.ready()).resolves.toBeUndefined();
    ready = false;
    await expect(client.ready()).rejects.toBeInstanceOf(ServiceUnreachable);
  });
});
