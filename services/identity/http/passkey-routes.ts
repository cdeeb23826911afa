import Router from '@koa/router';
import {
  passkeyAddRequest,
  passkeyOptionsForLoginRequest,
  passkeyRenameRequest,
  passkeySignInRequest,
} from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import {
  authenticate,
  currentUser,
  requireConfirmation,
  type RouteAuth,
} from '@dayframe/service-kit/tokens';
import type { IdentityScope } from '../scope.ts';
import { addPasskey, passkeyRegistrationOptions } from '../passkeys/register.ts';
import { removeOwnPasskey, renameOwnPasskey } from '../passkeys/manage.ts';
import { passkeySignInOptions, signInWithPasskey } from '../passkeys/sign-in.ts';
import { passkeyConfirmOptions } from '../passkeys/confirm-by-passkey.ts';
import { passkeyOptionsForLogin } from '../passkeys/second-factor-step.ts';

/** Passkeys (issue 28): adding and managing them, signing in with one, step-up, second factor. */
export function passkeyRoutes(scope: IdentityScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/auth' });
  const signedIn = authenticate(auth.tokens, auth.checkSession);
  // Adding a passkey is adding a way in: a copied session token alone must not do it.
  router.post(
    '/passkeys/register-options',
    signedIn,
    requireConfirmation(auth.tokens),
    async (ctx) => {
      ctx.body = await passkeyRegistrationOptions(scope, currentUser(ctx).id);
    },
  );
  // Needs no confirmation of its own: only a challenge handed out under one is taken.
  router.post('/passkeys', signedIn, async (ctx) => {
    const input = parseInput(passkeyAddRequest, ctx.request.body);
    ctx.status = 201;
    ctx.body = await addPasskey(scope, currentUser(ctx).id, input);
  });
  router.patch('/passkeys/:id', signedIn, async (ctx) => {
    const input = parseInput(passkeyRenameRequest, ctx.request.body);
    ctx.body = await renameOwnPasskey(scope, currentUser(ctx).id, ctx.params.id!, input);
  });
  router.delete('/passkeys/:id', signedIn, requireConfirmation(auth.tokens), async (ctx) => {
    ctx.body = await removeOwnPasskey(scope, currentUser(ctx).id, ctx.params.id!);
  });
  // The body is `{}`: nothing in it is read.
  router.post('/passkeys/sign-in-options', async (ctx) => {
    ctx.body = await passkeySignInOptions(scope, ctx.ip);
  });
  router.post('/passkeys/sign-in', async (ctx) => {
    ctx.body = await signInWithPasskey(scope, parseInput(passkeySignInRequest, ctx.request.body));
  });
  router.post('/passkeys/confirm-options', signedIn, async (ctx) => {
    ctx.body = await passkeyConfirmOptions(scope, currentUser(ctx).id);
  });
  router.post('/2fa/passkey-options', async (ctx) => {
    const { challenge } = parseInput(passkeyOptionsForLoginRequest, ctx.request.body);
    ctx.body = await passkeyOptionsForLogin(scope, challenge);
  });
  return router;
}
