import Router from '@koa/router';
import { passwordChangeRequest, profileUpdateRequest } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import {
  authenticate,
  currentUser,
  requireConfirmation,
  type RouteAuth,
} from '@dayframe/service-kit/tokens';
import type { IdentityScope } from '../scope.ts';
import { changePassword } from '../change-password.ts';
import { updateProfile } from '../update-profile.ts';
import { deleteOwnAccount } from '../delete-account.ts';

export function userRoutes(scope: IdentityScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/user' });
  router.use(authenticate(auth.tokens, auth.checkSession));
  router.put('/password', async (ctx) => {
    const { newPassword } = parseInput(passwordChangeRequest, ctx.request.body);
    ctx.body = await changePassword(scope, currentUser(ctx), newPassword);
  });
  router.put('/update', async (ctx) => {
    ctx.body = await updateProfile(
      scope,
      currentUser(ctx),
      parseInput(profileUpdateRequest, ctx.request.body),
    );
  });
  router.delete('/delete', requireConfirmation(auth.tokens), async (ctx) => {
    ctx.body = await deleteOwnAccount(scope, currentUser(ctx).id);
  });
  return router;
}
