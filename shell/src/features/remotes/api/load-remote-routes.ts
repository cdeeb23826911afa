import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_LOAD_TIMEOUT_MS, remoteCatalog } from './remote-catalog.ts';
import { remoteForPath } from '../remote-paths.ts';

export type RemoteRoutesModule = { default: ComponentType };
export type LoadRemoteRoutes = (name: string) => Promise<RemoteRoutesModule>;

/** The entry each remote was registered with this page load. */
const registered = new Map<string, string>();
/** Remotes whose last load failed: registered again, with a fresh entry, on the next try. */
const failed = new Set<string>();

function withTimeout<T>(promise: Promise<T>, name: string): Promise<T> {
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
export const loadRemoteRoutes: LoadRemoteRoutes = (name) => loadRemoteComponent(name, './routes');

/** Loads in progress, and modules loaded, by `<name>/<exposed>`. */
const inFlight = new Map<string, Promise<RemoteRoutesModule>>();
const loaded = new Map<string, RemoteRoutesModule>();

/** `<name>/routes` if it has already loaded this page load (the boot may have started it). */
export function loadedRemoteRoutes(name: string): RemoteRoutesModule | undefined {
  return loaded.get(`${name}/./routes`);
}

/**
 * Loads one exposed module of a remote (`./routes`, `./dashboard-widgets`) whose default export
 * is a component, registering the remote first; fails after the same 6 s as a page's remote.
 * A caller arriving while the same module loads shares that load: the boot starts the first
 * route's remote early, and the route then waits for it rather than starting a second one.
 */
export function loadRemoteComponent(name: string, exposed: string): Promise<RemoteRoutesModule> {
  const key = `${name}/${exposed}`;
  const pending = inFlight.get(key);
  if (pending) return pending;
  const load = loadOnce(name, exposed)
    .then((module) => {
      loaded.set(key, module);
      return module;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, load);
  return load;
}

async function loadOnce(name: string, exposed: string): Promise<RemoteRoutesModule> {
  const { remotes } = await remoteCatalog.ensure();
  const remote = remotes.find((r) => r.name === name);
  if (!remote) throw new Error(`${name} is not listed in /remotes.json`);
  const known = registered.get(name);
  if (known === undefined || known !== remote.entry || failed.has(name)) {
    registerRemotes([{ name, entry: remote.entry }], { force: known !== undefined });
    registered.set(name, remote.entry);
    failed.delete(name);
  }
  try {
    const id = `${name}/${exposed.replace(/^\.\//, '')}`;
    const module = await withTimeout(loadRemote<RemoteRoutesModule>(id), name);
    if (!module || typeof module.default !== 'function')
      throw new Error(`${id} has no default component`);
    return module;
  } catch (error) {
    failed.add(name);
    throw error;
  }
}

/**
 * Starts loading the routes of the remote that owns `pathname`, as soon as the catalog knows
 * it, for a page load that opens on a remote's route. Failures are left for the route to show.
 */
export async function preloadRemoteFor(pathname: string): Promise<void> {
  const name = remoteForPath(pathname, await remoteCatalog.ensure());
  if (name) await loadRemoteRoutes(name).catch(() => undefined);
}
