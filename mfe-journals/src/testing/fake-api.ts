import { vi } from 'vitest';
import type { Entry, Journal } from '@dayframe/contracts';

export type FakeCall = { method: string; path: string; query: string; body: unknown };
/** The status, the JSON body and any headers (a paged list's `Link`, `X-Total-Count`). */
type Answer = [status: number, body?: unknown, headers?: Record<string, string>];
type Handler = Answer | ((call: FakeCall) => Answer | Promise<Answer>);

/**
 * `window.fetch` answering `/api` calls from a table keyed "METHOD /path" and recording each
 * call. Unlisted calls answer 404, as the real API does for a journal that is not yours.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: FakeCall = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname.replace(/^\/api/, ''),
        query: url.search,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      const [status, body, headers] = !handler
        ? [404, { message: 'Not found', code: 'not_found' }]
        : typeof handler === 'function'
          ? await handler(call)
          : handler;
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    }),
  );
  return {
    calls,
    /** The calls that change something (everything but GET). */
    writes: () => calls.filter((c) => c.method !== 'GET'),
  };
}

export function aJournal(overrides: Partial<Journal> = {}): Journal {
  return {
    _id: 'j1',
    title: 'Morning pages',
    description: 'First thing, every day',
    createdAt: '2026-11-05T09:30:00.000Z',
    numEntries: 0,
    ...overrides,
  };
}

export function anEntry(overrides: Partial<Entry> = {}): Entry {
  return {
    _id: 'e1',
    journalId: 'j1',
    title: 'Rain',
    content: 'It rained all day.',
    date: '2026-11-05',
    type: 'entry',
    ...overrides,
  };
}

/** A promise whose answer the test decides, to observe in-between states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
