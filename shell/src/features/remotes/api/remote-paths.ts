import { REMOTES, type RemoteName } from '@dayframe/contracts';

/** The remote owning `pathname` (by route prefix, on whole path segments), or null. */
export function remoteForPath(pathname: string): RemoteName | null {
  for (const remote of REMOTES) {
    if (remote.routes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)))
      return remote.name;
  }
  return null;
}

/** Paths inside the signed-in app: the dashboard and everything a remote owns. */
export function isAppPath(pathname: string): boolean {
  return (
    pathname === '/dashboard' ||
    pathname.startsWith('/dashboard/') ||
    remoteForPath(pathname) !== null
  );
}
