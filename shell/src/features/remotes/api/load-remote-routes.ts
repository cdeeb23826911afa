import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesManifest } from '@dayframe/contracts';

export type RemoteRoutesModule = { default: ComponentType };
export type LoadRemoteRoutes = (name: RemoteName) => Promise<RemoteRoutesModule>;

let manifest: Promise<RemotesManifest> | null = null;
/** Remotes whose last load failed: registered again, with a fresh entry, on the next try. */
const failed = new Set<RemoteName>();

/** `/remotes.json`, fetched and registered once; a failure is forgotten so Retry fetches again. */
function registeredRemotes(): Promise<RemotesManifest> {
  manifest ??= fetch('/remotes.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
      const body = (await response.json()) as RemotesManifest;
      registerRemotes(body.remotes.map(({ name, entry }) => ({ name, entry })));
      return body;
    })
    .catch((error: unknown) => {
      manifest = null;
      throw error;
    });
  return manifest;
}

/**
 * A remote whose server accepts and never answers would leave the page spinning for good: past
 * this, the load counts as failed and the remote's fallback (with Retry) shows instead.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 6_000;

function withTimeout<T>(promise: Promise<T>, name: RemoteName): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name} did not load within ${REMOTE_LOAD_TIMEOUT_MS / 1000} s`)),
      REMOTE_LOAD_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Loads `<name>/routes` from the remote, the first time one of its routes is visited. */
export const loadRemoteRoutes: LoadRemoteRoutes = async (name) => {
  const { remotes } = await withTimeout(registeredRemotes(), name);
  const remote = remotes.find((r) => r.name === name);
  if (!remote) throw new Error(`${name} is not listed in /remotes.json`);
  if (failed.has(name)) {
    registerRemotes([{ name, entry: remote.entry }], { force: true });
    failed.delete(name);
  }
  try {
    const module = await withTimeout(loadRemote<RemoteRoutesModule>(`${name}/routes`), name);
    if (!module || typeof module.default !== 'function')
      throw new Error(`${name}/routes has no default component`);
    return module;
  } catch (error) {
    failed.add(name);
    throw error;
  }
};
