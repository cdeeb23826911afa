import { useLocation } from 'react-router';
import { NotFound } from '@dayframe/web-kit';
import { remoteForPath } from '../api/remote-paths.ts';
import { RemoteRoute } from './remote-route.tsx';

/**
 * Mounted at `*` under the app layout: picks the remote that owns the path. Remotes match full
 * paths (`/journals/:id`), since this route consumes no prefix.
 */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const name = remoteForPath(pathname);
  if (!name) return <NotFound />;
  return <RemoteRoute key={name} name={name} />;
}
