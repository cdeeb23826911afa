import Router from '@koa/router';
import { adminUsersQuery, userIdParam } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  readPageRequest,
  requireAdmin,
  sendPage,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import type { IdentityContext } from '../context.ts';
import { deleteAllUsers, deleteUser, listUsers, usersSummary } from '../admin-users.ts';

export function adminRoutes(
  ctx: IdentityContext,
  tokens: Tokens,
  checkSession: SessionCheck,
): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(authenticate(tokens, checkSession), requireAdmin());
  // The spec's plain call answers the first page; `Link` leads on, X-Total-Count sizes the table.
  router.get('/users', async (http) => {
    const { q } = parseInput(adminUsersQuery, http.query);
    const { page, total } = await listUsers(ctx, q ?? '', readPageRequest(http));
    sendPage(http, page, total);
  });
  router.get('/users/summary', async (http) => {
    http.body = await usersSummary(ctx);
  });
  router.delete('/users', async (http) => {
    http.body = await deleteAllUsers(ctx);
  });
  router.delete('/users/:id', async (http) => {
    http.body = await deleteUser(
      ctx,
      currentUser(http).id,
      parseInput(userIdParam, http.params.id),
    );
  });
  return router;
}
