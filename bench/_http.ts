// JSON over loopback for seeding and driving the app. `from` picks the client's source address:
// all of 127.0.0.0/8 is loopback, so distinct addresses are distinct clients to the gateway's
// per-address rate limits without any header trickery.
import {
  verifiedAccount,
  wireRequest,
  type AccountClient,
  type CodeReader,
} from '@dayframe/test-kit';

export type Reply<T = unknown> = { status: number; body: T; ms: number };

export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; from?: string } = {},
): Promise<Reply<T>> {
  const url = new URL(path, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const started = performance.now();
  const reply = await wireRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname + url.search,
    method,
    headers,
    payload,
    localAddress: options.from,
    agent: false,
  });
  // A body that is not JSON is kept as text, for the error a seeding step throws.
  const body = reply.text && reply.body === undefined ? reply.text : reply.body;
  return { status: reply.status, body: body as T, ms: performance.now() - started };
}

/** Fails loudly when a seeding call does not answer what it should. */
export async function expectStatus<T = unknown>(
  reply: Promise<Reply<T>>,
  status: number,
  what: string,
): Promise<T> {
  const r = await reply;
  if (r.status !== status)
    throw new Error(`${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export const PASSWORD = 'correct horse battery staple';

/** Signs up, has a code sent, reads it with `readCode` and verifies: answers a verified user's token. */
export async function verifiedUser(
  baseUrl: string,
  email: string,
  readCode: CodeReader,
  from?: string,
): Promise<string> {
  const client: AccountClient = {
    call: (method, path, options) => call(baseUrl, method, path, { ...options, from }),
  };
  const account = { name: 'Bench', email, password: PASSWORD };
  return (await verifiedAccount(client, account, readCode)).token;
}

/** `count` journals for the token's user. */
export async function createJournals(baseUrl: string, token: string, count: number) {
  for (let i = 1; i <= count; i++) {
    await expectStatus(
      call(baseUrl, 'POST', '/api/journals', {
        token,
        body: {
          title: `Journal ${String(i).padStart(2, '0')}`,
          description: 'Mornings, walks and the odd idea worth keeping.',
        },
      }),
      201,
      'create journal',
    );
  }
}

/** A free source address on loopback for client `n` of group `group` (0–255 each). */
export const loopbackAddress = (group: number, n: number) => `127.0.${group}.${n + 1}`;
