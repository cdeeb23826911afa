import { Suspense, useState } from 'react';
import { PageSpinner, useLocation } from '@dayframe/web-kit';
import { useModule } from '../../../components/use-module.ts';
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
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary name={name} resetKey={pathname} onRetry={() => setAttempt((n) => n + 1)}>
      <RemoteRoutes name={name} load={load} attempt={attempt} />
    </RemoteErrorBoundary>
  );
}

/**
 * The routes themselves: the spinner until they load (routes the boot already loaded render at
 * once), a failed load thrown to the boundary above until Retry makes a new attempt.
 */
function RemoteRoutes({
  name,
  load,
  attempt,
}: {
  name: string;
  load: LoadRemoteRoutes;
  attempt: number;
}) {
  const module = useModule(
    load === loadRemoteRoutes ? loadedRemoteRoutes(name) : undefined,
    () => load(name),
    `${name}#${attempt}`,
  );
  if (!module) return <PageSpinner />;
  const Routes = module.default;
  // A remote may lazily load its own screens.
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes />
    </Suspense>
  );
}
