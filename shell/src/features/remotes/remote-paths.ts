import { matchPath } from '@dayframe/web-kit';
import type { RemoteCatalog } from './api/remote-catalog.ts';

/**
 * The remote owning `pathname` by the route patterns it published, or null. When two remotes
 * claim a path, the one listed first in `/remotes.json` wins.
 */
export function remoteForPath(pathname: string, catalog: RemoteCatalog): string | null {
  for (const remote of catalog.remotes) {
    const routes = remote.description?.routes ?? [];
    if (routes.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null))
      return remote.name;
  }
  return null;
}

/** The shell's own signed-in paths. */
export function isDashboardPath(pathname: string): boolean {
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/');
}
