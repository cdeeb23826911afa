import Router from '@koa/router';
import { totpEnableRequest, twoFactorVerifyRequest } from '@dayframe/contracts';
import { parseInput, unauthorized } from '@dayframe/service-kit/http';
import {
  authenticate,
  currentUser,
  requireConfirmation,
  type RouteAuth,
} from '@dayframe/service-kit/tokens';
import type { Context } from 'koa';
import type { IdentityScope } from '../scope.ts';
import { findUserById } from '../data/users-repo.ts';
import { signInSecurityOf } from '../second-factor/sign-in-security.ts';
import {
  disableTotp,
  enableTotp,
  remakeRecoveryCodes,
  startTotpSetup,
} from '../second-factor/authenticator-app.ts';
import { verifySecondFactor } from '../second-factor/verify-second-factor.ts';

/**
 * Issue 28's authenticator app, recovery codes and the login's second step (`/api/auth/2fa`).
 * Adding or removing a factor needs a fresh step-up (`requireConfirmation`): a copied session
 * token alone can neither lock the owner out nor take a factor away.
 */
export function secondFactorRoutes(scope: IdentityScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/auth/2fa' });
  const signedIn = authenticate(auth.tokens, auth.checkSession);
  const confirmed = requireConfirmation(auth.tokens);
  const owner = async (ctx: Context) => {
    const user = await findUserById(scope.db, currentUser(ctx).id);
    if (!user) throw unauthorized();
    return user;
  };

  router.get('/', signedIn, async (ctx) => {
    ctx.body = await signInSecurityOf(scope, await owner(ctx));
  });
  router.post('/totp/setup', signedIn, confirmed, async (ctx) => {
    ctx.body = await startTotpSetup(scope, await owner(ctx));
  });
  router.post('/totp/enable', signedIn, async (ctx) => {
    const { code } = parseInput(totpEnableRequest, ctx.request.body);
    ctx.body = await enableTotp(scope, await owner(ctx), code);
  });
  router.post('/totp/disable', signedIn, confirmed, async (ctx) => {
    ctx.body = await disableTotp(scope, await owner(ctx));
  });
  router.post('/recovery-codes', signedIn, confirmed, async (ctx) => {
    ctx.body = await remakeRecoveryCodes(scope, await owner(ctx));
  });
  // No session yet: the challenge from the login stands for the password already checked.
  router.post('/verify', async (ctx) => {
    ctx.body = await verifySecondFactor(
      scope,
      parseInput(twoFactorVerifyRequest, ctx.request.body),
      ctx.ip,
    );
  });
  return router;
}
