// Runs a remote's own API modules in Node against the real services, for contract tests.

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
