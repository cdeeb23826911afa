import Router from '@koa/router';
import { loginRequest, otpSendRequest, otpVerifyRequest, signupRequest } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import type { IdentityContext } from '../context.ts';
import { signUp } from '../sign-up.ts';
import { logIn } from '../log-in.ts';
import { logOut, refreshSession } from '../session.ts';
import { sendCode } from '../send-code.ts';
import { verifyCode } from '../verify-code.ts';

export function authRoutes(
  ctx: IdentityContext,
  tokens: Tokens,
  checkSession: SessionCheck,
): Router {
  const router = new Router({ prefix: '/api/auth' });
  router.post('/signup', async (http) => {
    http.status = 201;
    http.body = await signUp(ctx, parseInput(signupRequest, http.request.body), http.ip);
  });
  router.post('/login', async (http) => {
    http.body = await logIn(ctx, parseInput(loginRequest, http.request.body), http.ip);
  });
  // An unverified user may check their session: it is how the app knows to send them to /verify.
  router.get(
    '/verify',
    authenticate(tokens, checkSession, { requireVerified: false }),
    async (http) => {
      http.body = await refreshSession(ctx, currentUser(http));
    },
  );
  router.post('/otp/send', async (http) => {
    const { email } = parseInput(otpSendRequest, http.request.body);
    http.body = await sendCode(ctx, email, http.ip);
  });
  router.post('/otp/verify', async (http) => {
    const { email, otp } = parseInput(otpVerifyRequest, http.request.body);
    http.body = await verifyCode(ctx, email, otp, http.ip);
  });
  // Ends this session on the server: its token answers 401 from now on, on every service.
  router.post(
    '/logout',
    authenticate(tokens, checkSession, { requireVerified: false }),
    async (http) => {
      http.body = await logOut(ctx, currentUser(http));
    },
  );
  return router;
}
