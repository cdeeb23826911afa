import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '@dayframe/web-kit';
import {
  loadedRemoteRoutes,
  loadRemoteRoutes,
  type LoadRemoteRoutes,
} from '../api/load-remote-routes.ts';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';

/** Renders a remote's `./routes` component, loading it on first use, inside its error boundary. */
export function RemoteRoute({
  name,
  load = loadRemoteRoutes,
}: {
  name: string;
  load?: LoadRemoteRoutes;
}) {
  const { pathname } = useLocation();
  // React.lazy remembers a failure forever, so each retry gets a new lazy component. Routes the
  // boot already loaded render at once: a lazy component would suspend once more, and React
  // holds a suspended boundary's reveal back for a moment.
  const [attempt, setAttempt] = useState(0);
  const Routes = useMemo(
    () =>
      (load === loadRemoteRoutes && loadedRemoteRoutes(name)?.default) || lazy(() => load(name)),
    [name, load, attempt],
  );
  return (
    <RemoteErrorBoundary name={name} resetKey={pathname} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageSpinner />}>
        <Routes />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
