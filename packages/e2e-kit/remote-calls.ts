// Runs a remote's own API modules in Node against the real services, for contract tests.
import { afterAll, beforeAll } from 'vitest';
import { startServer, type AppServer } from './app.ts';

/**
 * The web kit's `api` calls `fetch('/api/…')` and reads the token from `localStorage`, as in
 * the browser. This points those relative addresses at `baseUrl` (over real HTTP) and gives
 * the page a storage the test controls, so a remote's `api/` functions run unchanged.
 * `restore()` puts both globals back.
 */
export function pointWebKitAt(baseUrl: string) {
  const realFetch = globalThis.fetch;
  const previousStorage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  const items = new Map<string, string>();
  const storage: Storage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
  Object.defineProperty(globalThis, 'localStorage', {
    value: storage,
    configurable: true,
    writable: true,
  });
  globalThis.fetch = (input, init) =>
    realFetch(
      typeof input === 'string' && input.startsWith('/') ? new URL(input, baseUrl) : input,
      init,
    );

  return {
    /** Signs the "page" in as the owner of `token` (web-kit's storage key). */
    signIn(token: string) {
      storage.setItem('token', token);
    },
    signOut() {
      storage.removeItem('token');
    },
    restore() {
      globalThis.fetch = realFetch;
      if (previousStorage) Object.defineProperty(globalThis, 'localStorage', previousStorage);
      else Reflect.deleteProperty(globalThis, 'localStorage');
    },
  };
}

export type RemoteCalls = {
  /** The embedded app the calls reach. */
  readonly server: AppServer;
  /** The web kit's globals, pointed at `server`: `signIn` another account with it. */
  readonly webKit: ReturnType<typeof pointWebKitAt>;
  /** The token of the account signed in before the tests, when one was asked for. */
  readonly token: string;
};

/**
 * For the contract tests of the calling `describe` block: the embedded app started before them,
 * the web kit pointed at it and, given an `account`, signed in as that new verified account;
 * all undone after them. Its fields are read inside a test, once the app has started.
 */
export function remoteCallsForSuite(account?: { name: string; email: string }): RemoteCalls {
  let started: { server: AppServer; webKit: ReturnType<typeof pointWebKitAt>; token?: string };
  beforeAll(async () => {
    const server = await startServer();
    started = { server, webKit: pointWebKitAt(server.url) };
    if (account) {
      started.token = (await server.verifiedAccount(account.name, account.email)).token;
      started.webKit.signIn(started.token);
    }
  }, 60_000);
  afterAll(async () => {
    started?.webKit.restore();
    await started?.server.stop();
  });
  const get = () => {
    if (!started) throw new Error('The app starts before the tests: use it inside one');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get webKit() {
      return get().webKit;
    },
    get token() {
      const { token } = get();
      if (token === undefined) throw new Error('No account was signed in before the tests');
      return token;
    },
  };
}
