import { vi } from 'vitest';

export type FakeCall = {
  method: string;
  /** Without the `/api` prefix and the query. */
  path: string;
  /** The query string; not enumerable, so tests can still compare whole calls with toEqual. */
  readonly query: URLSearchParams;
  /** The same query as written, `?cursor=c2` or '' (not enumerable either). */
  readonly search: string;
  /** The step-up confirmation the call carried (`X-Confirmation`), or null (not enumerable). */
  readonly confirmation: string | null;
  body: unknown;
  authorization: string | null;
};
/** The status, the JSON body and any headers (a paged list's `Link`, `X-Total-Count`). */
type Answer = [status: number, body?: unknown, headers?: Record<string, string>];
type Handler = Answer | ((call: FakeCall) => Answer | Promise<Answer>);

/**
 * A stand-in for `window.fetch` answering `/api` calls from a table ("POST /auth/login") and
 * recording every call, so a screen can be tested without a server. Unlisted calls answer 404,
 * as the real API does for something that is not yours. (Component tests only: the services
 * themselves are always tested over real HTTP.)
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers = new Headers(init.headers);
    const call = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
    } as FakeCall;
    Object.defineProperty(call, 'query', { value: url.searchParams, enumerable: false });
    Object.defineProperty(call, 'search', { value: url.search, enumerable: false });
    Object.defineProperty(call, 'confirmation', {
      value: headers.get('X-Confirmation'),
      enumerable: false,
    });
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler)
      return new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), {
        status: 404,
      });
    const [status, body, answerHeaders] =
      typeof handler === 'function' ? await handler(call) : handler;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...answerHeaders },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetch: fetchMock,
    /** Calls matching "METHOD /path". */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
    /** The calls that change something (everything but GET). */
    writes: () => calls.filter((c) => c.method !== 'GET'),
  };
}

export const verifiedUser = {
  _id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'user' as const,
  verified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const unverifiedUser = { ...verifiedUser, _id: 'u2', verified: false };
export const adminUser = { ...verifiedUser, _id: 'u3', role: 'admin' as const };

/** A promise whose answer the test decides, to observe in-between states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
