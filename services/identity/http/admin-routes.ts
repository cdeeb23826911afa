import Router from '@koa/router';
import { userIdParam } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  requireAdmin,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import type { IdentityContext } from '../context.ts';
import { deleteAllUsers, deleteUser, listUsers } from '../admin-users.ts';

export function adminRoutes(
  ctx: IdentityContext,
  tokens: Tokens,
  checkSession: SessionCheck,
): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(authenticate(tokens, checkSession), requireAdmin());
  router.get('/users', async (http) => {
    http.body = await listUsers(ctx);
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
