import Router from '@koa/router';
import { passwordChangeRequest, profileUpdateRequest } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import type { IdentityContext } from '../context.ts';
import { changePassword } from '../change-password.ts';
import { updateProfile } from '../update-profile.ts';
import { deleteOwnAccount } from '../delete-account.ts';

export function userRoutes(
  ctx: IdentityContext,
  tokens: Tokens,
  checkSession: SessionCheck,
): Router {
  const router = new Router({ prefix: '/api/user' });
  router.use(authenticate(tokens, checkSession));
  router.put('/password', async (http) => {
    const { newPassword } = parseInput(passwordChangeRequest, http.request.body);
    http.body = await changePassword(ctx, currentUser(http), newPassword);
  });
  router.put('/update', async (http) => {
    http.body = await updateProfile(
      ctx,
      currentUser(http),
      parseInput(profileUpdateRequest, http.request.body),
    );
  });
  router.delete('/delete', async (http) => {
    http.body = await deleteOwnAccount(ctx, currentUser(http).id);
  });
  return router;
}
