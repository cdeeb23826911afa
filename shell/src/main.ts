import {
  discoverRemotesEarly,
  isSignedInAreaPath,
} from './features/remotes/api/early-discovery.ts';

// A signed-in page needs the catalog of remotes: ask for it while the shared modules load.
if (isSignedInAreaPath(location.pathname)) discoverRemotesEarly();
// Module Federation negotiates the shared singletons before any of them is used, so the app
// itself starts in a separate chunk.
import('./bootstrap.tsx');
