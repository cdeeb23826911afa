import { NotFound, PageSpinner, useLocation } from '@dayframe/web-kit';
import { remoteCatalog, isIncomplete, useRemoteCatalog } from '../api/remote-catalog.ts';
import { REMOTE_UNAVAILABLE } from '../remote-failure.ts';
import { remoteForPath } from '../remote-paths.ts';
import { RemoteFailureBox } from './remote-failure-box.tsx';
import { RemoteRoute } from './remote-route.tsx';

/**
 * Mounted at `*` under the app layout: picks the remote that owns the path, by the routes the
 * remotes published this page load. Remotes match full paths (`/journals/:id`), since this
 * route consumes no prefix. A path nobody claims while a remote failed to describe itself may
 * well be that remote's: it gets the failure message and Retry, not a 404.
 */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const state = useRemoteCatalog();
  if (state.status === 'loading') return <PageSpinner />;
  const name = remoteForPath(pathname, state.catalog);
  if (name) return <RemoteRoute key={name} name={name} />;
  if (isIncomplete(state.catalog))
    return (
      <RemoteFailureBox failure={REMOTE_UNAVAILABLE} onRetry={() => void remoteCatalog.reload()} />
    );
  return <NotFound />;
}
