import type { ReactNode } from 'react';
import { PageSpinner, useLocation } from '@dayframe/web-kit';
import {
  isDashboardPath,
  isIncomplete,
  remoteForPath,
  useRemoteCatalog,
} from '../../remotes/mod.ts';

/**
 * Decides whether a path belongs to the signed-in app (the dashboard, or a route some remote
 * published) or is the public 404. Remote routes are known only once the remotes have described
 * themselves, so until then this waits. While a remote's description is missing, an unclaimed
 * path counts as the app's: it may be that remote's, and the outlet says it could not load.
 */
export function AppArea({ app, notFound }: { app: ReactNode; notFound: ReactNode }) {
  const { pathname } = useLocation();
  const state = useRemoteCatalog();
  if (isDashboardPath(pathname)) return app;
  if (state.status === 'loading') return <PageSpinner />;
  const inApp = remoteForPath(pathname, state.catalog) !== null || isIncomplete(state.catalog);
  return inApp ? app : notFound;
}
