import { ApiError } from './api-error.ts';
import { TOKEN_KEY } from './token-storage.ts';
import { readStorage } from './storage.ts';

/** Calls that must never carry the bearer header (spec §6): they happen before or without a session. */
const UNAUTHENTICATED = new Set(['POST /auth/otp/send', 'POST /auth/login', 'POST /auth/signup']);

export type ApiClientOptions = {
  /** Where the API lives; the product serves it at `/api` on its own host. */
  baseUrl?: string;
  /** The current token, read on every call so a login elsewhere is seen at once. */
  getToken?: () => string | null;
  fetch?: typeof globalThis.fetch;
};

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
};

export type ApiClient = {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
};

/** An API client speaking JSON; every failure becomes an {@link ApiError}. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const getToken = options.getToken ?? (() => readStorage(TOKEN_KEY));

  async function request<T>(
    method: string,
    path: string,
    { body, query, signal }: RequestOptions = {},
  ): Promise<T> {
    const verb = method.toUpperCase();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = UNAUTHENTICATED.has(`${verb} ${path}`) ? null : getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let url = `${baseUrl}${path}`;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(key, String(value));
    }
    if (params.size > 0) url += `?${params}`;

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
    return data as T;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}

/** The client every screen uses: `/api` on this host, token from local storage. */
export const api: ApiClient = createApiClient();
