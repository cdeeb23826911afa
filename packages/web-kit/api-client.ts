import { ApiError } from './api-error.ts';
import { withConfirmation } from './confirmation.ts';
import { TOKEN_KEY } from './token-storage.ts';
import { readStorage } from './storage.ts';

/** Calls that must never carry the bearer header: they happen before or without a session. */
const UNAUTHENTICATED = new Set(['POST /auth/otp/send', 'POST /auth/login', 'POST /auth/signup']);
/** The session check: its 401 is its answer (no session), which the session store acts on. */
const SESSION_CHECK = 'GET /auth/verify';

export type ApiClientOptions = {
  /** Where the API lives; the product serves it at `/api` on its own host. */
  baseUrl?: string;
  /** The current token, read on every call so a login elsewhere is seen at once. */
  getToken?: () => string | null;
  fetch?: typeof globalThis.fetch;
  /**
   * A call made with the stored token was answered 401: that session has ended (logged out
   * elsewhere, password changed, expired). Called with the token the call carried. The call
   * itself then never settles (it rejects only if its signal aborts): the screen that made it is
   * about to be replaced by /login, and its own error toast would be a second, wrong message.
   */
  onSessionEnded?: (token: string) => void;
  /**
   * A call refused with 403 `reauth_required` asks the person to confirm it is them (the page's
   * `ConfirmItsYou` dialog) and runs again with the confirmation (see `withConfirmation`).
   */
  stepUp?: boolean;
};

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** The bearer token for this call instead of the stored one (Log Out, after clearing it). */
  token?: string;
};

/** One page of a server-paged list; `next` is the path of the following page, for `getPage`. */
export type ApiPage<T> = { items: T[]; next: string | null; total: number | null };

export type ApiClient = {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  /**
   * GETs one page of a paged list: the array, the server's `Link: <…>; rel="next"` as a path to
   * pass to `getPage` again (null on the last page), and `X-Total-Count` when the server sends it.
   */
  getPage<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<ApiPage<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /**
   * Starts `GET path` now, for a screen about to ask for it: the next plain `get` of that path,
   * with the same token, within {@link PREFETCH_FRESH_MS}, takes this answer instead of asking
   * again. Any other call (a change) forgets what was fetched ahead. A remote's routes call it
   * as their code arrives, so a page load's first data does not wait for the first render.
   */
  prefetch(path: string): void;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
};

/** How long an answer fetched ahead stays good for the screen it was fetched for. */
export const PREFETCH_FRESH_MS = 5_000;

/** An API client speaking JSON; every failure becomes an {@link ApiError}. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const getToken = options.getToken ?? (() => readStorage(TOKEN_KEY));

  /** One call, asking for a confirmation and sending it again when the server wants one. */
  function send(
    method: string,
    path: string,
    requestOptions: RequestOptions = {},
  ): Promise<{ data: unknown; headers: Headers }> {
    if (!options.stepUp) return sendOnce(method, path, requestOptions, {});
    return withConfirmation((extra) => sendOnce(method, path, requestOptions, extra));
  }

  async function sendOnce(
    method: string,
    path: string,
    { body, query, signal, token: explicitToken }: RequestOptions,
    extraHeaders: Record<string, string>,
  ): Promise<{ data: unknown; headers: Headers }> {
    const verb = method.toUpperCase();
    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const route = `${verb} ${path}`;
    const token = UNAUTHENTICATED.has(route) ? null : (explicitToken ?? getToken());
    if (token) headers.Authorization = `Bearer ${token}`;
    // Only the stored session can end this way; a token handed in for one call (a code's
    // token, Log Out's) speaks for that call alone.
    const sessionToken = explicitToken === undefined && route !== SESSION_CHECK ? token : null;

    let url = `${baseUrl}${path}`;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(key, String(value));
    }
    if (params.size > 0) url += `${url.includes('?') ? '&' : '?'}${params}`;

    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: verb,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError(
        0,
        'Could not reach the server. Check your connection and try again.',
        'NETWORK',
      );
    }

    const text = await response.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = undefined;
      }
    }
    if (response.status === 401 && sessionToken && options.onSessionEnded) {
      options.onSessionEnded(sessionToken);
      return abandoned(signal);
    }
    if (!response.ok) {
      const payload = (data ?? {}) as { message?: unknown; code?: unknown };
      const hasMessage = typeof payload.message === 'string' && payload.message.length > 0;
      throw new ApiError(
        response.status,
        hasMessage
          ? (payload.message as string)
          : response.statusText || `Request failed (${response.status})`,
        typeof payload.code === 'string' ? payload.code : 'UNKNOWN',
        hasMessage,
      );
    }
    return { data, headers: response.headers };
  }

  /** Answers fetched ahead (`prefetch`), by path. */
  const ahead = new Map<string, { token: string | null; at: number; answer: Promise<unknown> }>();

  async function request<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
    if (method.toUpperCase() !== 'GET') ahead.clear();
    return (await send(method, path, options)).data as T;
  }

  function prefetch(path: string): void {
    const answer = request('GET', path);
    answer.catch(() => undefined); // the screen that takes it handles the failure
    ahead.set(path, { token: getToken(), at: Date.now(), answer });
  }

  function get<T>(path: string, opts?: Omit<RequestOptions, 'body'>): Promise<T> {
    const early = ahead.get(path);
    ahead.delete(path);
    const plain = opts?.query === undefined && opts?.token === undefined;
    if (early && plain && early.token === getToken() && Date.now() - early.at < PREFETCH_FRESH_MS)
      return untilAborted(early.answer as Promise<T>, opts?.signal);
    return request('GET', path, opts);
  }

  async function getPage<T>(
    path: string,
    options?: Omit<RequestOptions, 'body'>,
  ): Promise<ApiPage<T>> {
    const { data, headers } = await send('GET', path, options);
    const total = Number(headers.get('X-Total-Count') ?? Number.NaN);
    return {
      items: Array.isArray(data) ? (data as T[]) : [],
      next: nextPagePath(headers.get('Link'), baseUrl),
      total: Number.isInteger(total) && total >= 0 ? total : null,
    };
  }

  return {
    request,
    getPage,
    get,
    prefetch,
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}

/** `answer`, unless `signal` aborts first: the caller's abort ends its wait as for its own call. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

/** A call given up on: it settles only by rejecting when its signal aborts. */
function abandoned(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

const sessionEndedListeners = new Set<(token: string) => void>();

/**
 * Hears every 401 the page's `api` gets for its stored token (the session store signs out on
 * it). Returns the unsubscribe.
 */
export function whenSessionEnds(listener: (token: string) => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * The client every screen uses: `/api` on this host, token from local storage, and the step-up
 * dialog for the calls that need a confirmation.
 */
export const api: ApiClient = createApiClient({
  stepUp: true,
  onSessionEnded: (token) => sessionEnded(token),
});

/** The stored token was refused: tell every listener (the session store signs out). */
export function sessionEnded(token: string): void {
  for (const listener of sessionEndedListeners) listener(token);
}

/**
 * The `rel="next"` target of a `Link` header as a path under the client's base URL (the server
 * links by its full `/api/…` path), or null when there is no next page.
 */
export function nextPagePath(link: string | null, baseUrl = '/api'): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(?:.*;)?\s*rel="?next"?\s*(?:;.*)?$/.exec(part);
    if (!match) continue;
    const target = new URL(match[1]!, 'http://link.invalid');
    const base = new URL(baseUrl.replace(/\/?$/, '/'), 'http://link.invalid').pathname;
    const path = target.pathname.startsWith(base)
      ? target.pathname.slice(base.length - 1)
      : target.pathname;
    return `${path}${target.search}`;
  }
  return null;
}
