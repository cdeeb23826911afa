import Router from '@koa/router';
import { existingUsersRequest, mailAddressRequest } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { existingUserIds } from '../data/users-repo.ts';
import { mailAddressOf } from '../mail-address.ts';
import { signInMethodsOf } from '../sign-in-methods.ts';
import type { IdentityScope } from '../scope.ts';

/**
 * Calls from the other services, not under `/api`, so the gateway never exposes them:
 * `GET /internal/session` (is a token's session current?) and `POST /internal/users/existing`
 * (which of these user ids still have an account? for the orphan sweeps), answering ids the
 * caller already holds, nothing more; and `POST /internal/users/mail-address` (where a reminder
 * is mailed: a verified address, else null), which the catalog lets only reminders call; and
 * `GET /internal/export/sign-in` (which sign-in methods the token's account has on, for its
 * export), which the catalog lets only the archive call, with the person's own token.
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
  router.get('/export/sign-in', authenticate(auth.tokens, auth.checkSession), async (ctx) => {
    ctx.body = await signInMethodsOf(scope, currentUser(ctx).id);
  });
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
