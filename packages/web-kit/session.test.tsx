import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { User } from '@dayframe/contracts';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { createSessionStore, useSession, type SessionStore } from './session.ts';
import { dismissToast, getToasts } from './toast.ts';

const ada: User = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'user',
  verified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function storeAnswering(answer: (path: string) => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(String(input)));
  return { store: createSessionStore({ api: createApiClient({ fetch }) }), fetch };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('session store', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('login stores the token and user and says where an unverified user goes', async () => {
    const { store } = storeAnswering(() => json(200, { token: 't1', user: ada }));
    const { next } = await store.login('ada@example.com', 'pw');
    expect(next).toBe('/verify');
    expect(localStorage.getItem('token')).toBe('t1');
    expect(store.getState()).toMatchObject({ token: 't1', user: ada, status: 'ready' });
  });

  it('signup of a verified user goes to /dashboard', async () => {
    const { store } = storeAnswering(() =>
      json(201, { token: 't2', user: { ...ada, verified: true } }),
    );
    expect((await store.signup('Ada', 'ada@example.com', 'long-enough')).next).toBe('/dashboard');
  });

  it('a failed login changes nothing and surfaces the status', async () => {
    const { store } = storeAnswering(() =>
      json(409, { message: 'Incorrect password', code: 'BAD_PASSWORD' }),
    );
    await expect(store.login('ada@example.com', 'wrong')).rejects.toMatchObject({ status: 409 });
    expect(store.getState().user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('checking without a stored token logs out without calling the server', async () => {
    const { store, fetch } = storeAnswering(() => json(200, {}));
    expect(await store.checkSession()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(store.getState().status).toBe('ready');
  });

  it('a good check stores the returned user and token; concurrent checks share one call', async () => {
    localStorage.setItem('token', 'old');
    const { store, fetch } = storeAnswering(() => json(200, { token: 'new', user: ada }));
    const [a, b] = await Promise.all([store.checkSession(), store.checkSession()]);
    expect(a).toEqual(ada);
    expect(b).toEqual(ada);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBe('new');
  });

  it('a failed check is logged and ends the session', async () => {
    localStorage.setItem('token', 'expired');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = storeAnswering(() =>
      json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }),
    );
    expect(await store.checkSession()).toBeNull();
    expect(logged.mock.calls[0]![1]).toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBeNull();
    logged.mockRestore();
  });

  it('re-renders components through useSession, logout included', async () => {
    const { store } = storeAnswering(() => json(200, { token: 't1', user: ada }));
    function Who() {
      const { user } = useSession(store);
      return <p>{user ? user.name : 'nobody'}</p>;
    }
    render(<Who />);
    expect(screen.getByText('nobody')).toBeTruthy();
    await act(() => store.login('ada@example.com', 'pw'));
    expect(screen.getByText('Ada')).toBeTruthy();
    act(() => store.logout());
    expect(screen.getByText('nobody')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('a session ended on the server', () => {
  afterEach(() => {
    dismissToast();
    localStorage.clear();
  });

  /** A store whose calls go through a client that reports 401s to it, as the page's does. */
  function storeWithRevokedToken() {
    const fetch = vi.fn(async () => json(401, { message: 'Refused', code: 'session_ended' }));
    const api = createApiClient({ fetch, onSessionEnded: (token) => store.sessionEnded(token) });
    const store: SessionStore = createSessionStore({ api });
    store.signIn('old-token', ada);
    return { store, api, fetch };
  }

  it('signs out and says so once when several calls are refused at the same time', async () => {
    const { store, api, fetch } = storeWithRevokedToken();
    void api.get('/journals');
    void api.get('/goals/due');
    void api.get('/goals/completed');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(store.getState().token).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getToasts().map((t) => [t.kind, t.message])).toEqual([
      ['blank', 'Your session has ended. Please log in again.'],
    ]);
    expect(store.getState().user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('ignores a refusal for an older token than the one now stored', () => {
    const { store } = storeWithRevokedToken();
    store.signIn('new-token', ada);
    store.sessionEnded('old-token');
    expect(store.getState().token).toBe('new-token');
    expect(getToasts()).toEqual([]);
  });
});
