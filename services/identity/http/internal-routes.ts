import Router from '@koa/router';
import { existingUsersRequest, mailAddressRequest } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { existingUserIds } from '../data/users-repo.ts';
import { mailAddressOf } from '../mail-address.ts';
import type { IdentityScope } from '../scope.ts';

/**
 * Calls from the other services, not under `/api`, so the gateway never exposes them:
 * `GET /internal/session` (is a token's session current?) and `POST /internal/users/existing`
 * (which of these user ids still have an account? for the orphan sweeps), answering ids the
 * caller already holds, nothing more; and `POST /internal/users/mail-address` (where a reminder
 * is mailed: a verified address, else null), which the catalog lets only reminders call.
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
  router.post('/users/mail-address', async (ctx) => {
    const { userId } = parseInput(mailAddressRequest, ctx.request.body);
    ctx.body = { address: await mailAddressOf(scope, userId) };
  });
  return router;
}
