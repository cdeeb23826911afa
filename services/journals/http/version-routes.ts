import Router from '@koa/router';
import { authenticate, type RouteAuth } from '@dayframe/service-kit/tokens';
import { getVersion, listVersions, restoreVersion } from '../entry-versions.ts';
import type { JournalsScope } from '../scope.ts';
import { entryAddress } from './entry-address.ts';

/** An entry's history (issue 25): `/api/entry/{journalId}/{entryId}/versions…`. */
export function versionRoutes(scope: JournalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/entry/:journalId/:entryId/versions' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/', async (ctx) => {
    ctx.body = await listVersions(scope, ...entryAddress(ctx));
  });
  router.get('/:versionId', async (ctx) => {
    ctx.body = await getVersion(scope, ...entryAddress(ctx), ctx.params.versionId ?? '');
  });
  router.post('/:versionId/restore', async (ctx) => {
    ctx.body = await restoreVersion(scope, ...entryAddress(ctx), ctx.params.versionId ?? '');
  });
  return router;
}
