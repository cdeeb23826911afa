import { useSyncExternalStore } from 'react';
import {
  parseRemoteDescription,
  remoteDescriptionUrl,
  parseRemotesList,
  type RemoteDescription,
} from '@dayframe/contracts';
import { fetchTakingEarly } from './early-discovery.ts';

/**
 * A remote (or its description, or `/remotes.json`) whose server accepts and never answers
 * would leave the page spinning for good: past this, the load counts as failed.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 6_000;

/** A remote listed in `/remotes.json`; `description` is null when it failed to describe itself. */
export type CatalogRemote = { name: string; entry: string; description: RemoteDescription | null };

/** Every remote of this page load, in `/remotes.json` order, and what each owns. */
export type RemoteCatalog = {
  remotes: CatalogRemote[];
  /** `/remotes.json` itself could not be read: no remote is known. */
  unavailable: boolean;
};

export type CatalogState = { status: 'loading' } | { status: 'ready'; catalog: RemoteCatalog };

type FetchOptions = { fetch?: typeof globalThis.fetch; base?: string; timeoutMs?: number };

async function fetchJson(
  url: string,
  { fetch: fetchImpl = globalThis.fetch, timeoutMs = REMOTE_LOAD_TIMEOUT_MS }: FetchOptions,
): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // no-cache: a remote redeployed at the same URL is seen on the next page load.
    const response = await fetchImpl(url, {
      headers: { Accept: 'application/json' },
      cache: 'no-cache',
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return await response.json();
  } catch (error) {
    if (controller.signal.aborted)
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function describe(
  remote: { name: string; entry: string },
  options: FetchOptions & { base: string },
): Promise<RemoteDescription> {
  const parsed = parseRemoteDescription(
    await fetchJson(remoteDescriptionUrl(remote.entry, options.base), options),
  );
  if (!parsed.ok) throw new Error(`its description is invalid (${parsed.problem})`);
  if (parsed.description.name !== remote.name)
    throw new Error(`its description names ${parsed.description.name}`);
  return parsed.description;
}

/**
 * `/remotes.json`, then each remote's `dayframe-remote.json` beside its manifest, all at once.
 * Never fails: a remote that cannot describe itself is kept without a description (its routes
 * and menu items are missing, the others work).
 */
export async function fetchRemoteCatalog(options: FetchOptions = {}): Promise<RemoteCatalog> {
  const base = options.base ?? globalThis.location.href;
  let listed: { name: string; entry: string }[];
  try {
    listed = parseRemotesList(await fetchJson(new URL('/remotes.json', base).href, options));
  } catch (error) {
    console.error('The list of remotes could not be read', error);
    return { remotes: [], unavailable: true };
  }
  const remotes = await Promise.all(
    listed.map(async (remote): Promise<CatalogRemote> => {
      try {
        return { ...remote, description: await describe(remote, { ...options, base }) };
      } catch (error) {
        console.error(`Remote ${remote.name} did not describe itself`, error);
        return { ...remote, description: null };
      }
    }),
  );
  return { remotes, unavailable: false };
}

/** True when some remote's routes are unknown this page load, so a path may be one of them. */
export function isIncomplete(catalog: RemoteCatalog): boolean {
  return catalog.unavailable || catalog.remotes.some((remote) => remote.description === null);
}

/** The catalog of this page load, loaded once on first use; `reload` asks again (Retry). */
export function createCatalogStore(load: () => Promise<RemoteCatalog>) {
  let state: CatalogState = { status: 'loading' };
  let pending: Promise<RemoteCatalog> | null = null;
  const listeners = new Set<() => void>();

  function ensure(): Promise<RemoteCatalog> {
    pending ??= load().then((catalog) => {
      state = { status: 'ready', catalog };
      for (const listener of listeners) listener();
      return catalog;
    });
    return pending;
  }

  return {
    get: (): CatalogState => state,
    ensure,
    /** Fetches everything again; the current catalog stays on screen until the new one is in. */
    reload(): Promise<RemoteCatalog> {
      pending = null;
      return ensure();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      void ensure();
      return () => listeners.delete(listener);
    },
  };
}
export type CatalogStore = ReturnType<typeof createCatalogStore>;

// Takes what `main.ts` already asked for (early-discovery.ts) before asking the server.
export const remoteCatalog: CatalogStore = createCatalogStore(() =>
  fetchRemoteCatalog({ fetch: fetchTakingEarly }),
);

export function useRemoteCatalog(store: CatalogStore = remoteCatalog): CatalogState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
