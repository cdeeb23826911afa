import Router from '@koa/router';
import { existingUsersRequest } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { existingUserIds } from '../data/users-repo.ts';
import type { IdentityScope } from '../scope.ts';

/**
 * Calls from the other services, not under `/api`, so the gateway never exposes them:
 * `GET /internal/session` (is a token's session current?) and `POST /internal/users/existing`
 * (which of these user ids still have an account? for the orphan sweeps). The latter answers
 * ids the caller already holds, nothing more.
 */
export function internalRoutes(scope: IdentityScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/internal' });
  router.get(
    '/session',
    authenticate(auth.tokens, auth.checkSession, { requireVerified: false }),
    (ctx) => {
      const { id, role, verified } = currentUser(ctx);
      ctx.body = { id, role, verified };
    },
  );
  router.post('/users/existing', async (ctx) => {
    const { ids } = parseInput(existingUsersRequest, ctx.request.body);
    ctx.body = { existing: await existingUserIds(scope.db, ids) };
  });
  return router;
}
