import Router from '@koa/router';
import { adminUsersQuery, userIdParam } from '@dayframe/contracts';
import { parseInput, readPageRequest, sendPage } from '@dayframe/service-kit/http';
import {
  authenticate,
  currentUser,
  requireAdmin,
  requireConfirmation,
  type RouteAuth,
} from '@dayframe/service-kit/tokens';
import type { IdentityScope } from '../scope.ts';
import { deleteAllUsers, deleteUser, listUsers, usersSummary } from '../admin-users.ts';
import { requireAdminSecondFactor } from '../admin-second-factor.ts';

export function adminRoutes(scope: IdentityScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/admin' });
  // REQUIRE_ADMIN_2FA is enforced here, for every admin route at once, not by the screens.
  router.use(
    authenticate(auth.tokens, auth.checkSession),
    requireAdmin(),
    requireAdminSecondFactor(scope),
  );
  // The spec's plain call answers the first page; `Link` leads on, X-Total-Count sizes the table.
  router.get('/users', async (ctx) => {
    const { q } = parseInput(adminUsersQuery, ctx.query);
    const { page, total } = await listUsers(scope, q ?? '', readPageRequest(ctx));
    sendPage(ctx, page, total);
  });
  router.get('/users/summary', async (ctx) => {
    ctx.body = await usersSummary(scope);
  });
  // Deleting users needs the admin's confirmation too: a copied admin token must not empty the product.
  router.delete('/users', requireConfirmation(auth.tokens), async (ctx) => {
    ctx.body = await deleteAllUsers(scope);
  });
  router.delete('/users/:id', requireConfirmation(auth.tokens), async (ctx) => {
    ctx.body = await deleteUser(scope, currentUser(ctx).id, parseInput(userIdParam, ctx.params.id));
  });
  return router;
}
