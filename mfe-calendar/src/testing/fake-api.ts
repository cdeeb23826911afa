import { vi } from 'vitest';

export type FakeCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = [status: number, body?: unknown];
type Handler = Answer | ((call: FakeCall) => Answer | Promise<Answer>);

/**
 * A stand-in for `window.fetch` answering `/api` calls from a table ("GET /calendar") and
 * recording every call, so a screen can be tested without a server.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const call: FakeCall = {
      method,
      path,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler)
      return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), {
        status: 404,
      });
    const [status, body] = typeof handler === 'function' ? await handler(call) : handler;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls matching "METHOD /path". */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}
