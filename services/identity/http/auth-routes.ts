import Router from '@koa/router';
import {
  confirmRequest,
  loginRequest,
  otpSendRequest,
  otpVerifyRequest,
  signupRequest,
} from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import type { IdentityScope } from '../scope.ts';
import { signUp } from '../sign-up.ts';
import { logIn } from '../log-in.ts';
import { logOut, refreshSession } from '../session.ts';
import { sendCode } from '../send-code.ts';
import { verifyCode } from '../verify-code.ts';
import { confirmOwner } from '../confirm.ts';

export function authRoutes(scope: IdentityScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/auth' });
  router.post('/signup', async (ctx) => {
    ctx.status = 201;
    ctx.body = await signUp(scope, parseInput(signupRequest, ctx.request.body), ctx.ip);
  });
  router.post('/login', async (ctx) => {
    ctx.body = await logIn(scope, parseInput(loginRequest, ctx.request.body), ctx.ip);
  });
  // An unverified user may check their session: it is how the app knows to send them to /verify.
  router.get(
    '/verify',
    authenticate(auth.tokens, auth.checkSession, { requireVerified: false }),
    async (ctx) => {
      ctx.body = await refreshSession(scope, currentUser(ctx));
    },
  );
  router.post('/otp/send', async (ctx) => {
    const { email } = parseInput(otpSendRequest, ctx.request.body);
    ctx.body = await sendCode(scope, email, ctx.ip);
  });
  router.post('/otp/verify', async (ctx) => {
    const { email, otp } = parseInput(otpVerifyRequest, ctx.request.body);
    ctx.body = await verifyCode(scope, email, otp, ctx.ip);
  });
  // Step-up: the password or a mailed code again, for what a copied token alone must not do.
  router.post('/confirm', authenticate(auth.tokens, auth.checkSession), async (ctx) => {
    ctx.body = await confirmOwner(
      scope,
      currentUser(ctx),
      parseInput(confirmRequest, ctx.request.body),
      ctx.ip,
    );
  });
  // Ends this session on the server: its token answers 401 from now on, on every service.
  router.post(
    '/logout',
    authenticate(auth.tokens, auth.checkSession, { requireVerified: false }),
    async (ctx) => {
      ctx.body = await logOut(scope, currentUser(ctx));
    },
  );
  return router;
}
