import Router from '@koa/router';
import { calendarQuery } from '@dayframe/contracts';
import { parseInput, type AppState } from '@dayframe/service-kit/http';
import {
  authenticate,
  bearerToken,
  currentUser,
  type RouteAuth,
} from '@dayframe/service-kit/tokens';
import type { CalendarScope } from '../scope.ts';
import { calendarWindow } from '../calendar-window.ts';

export function calendarRoutes(scope: CalendarScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/calendar' });
  const confirmSession = authenticate(auth.tokens, auth.checkSession);

  router.get('/', async (ctx) => {
    const token = bearerToken(ctx);
    const claims = token ? auth.tokens.verify(token) : null;
    // No token, or one we did not sign: the usual 401, before anything else.
    if (!token || !claims) return confirmSession(ctx, async () => undefined);
    const { from, to } = parseInput(calendarQuery, ctx.query);
    const state = ctx.state as AppState;
    // The window is asked for while identity confirms the session, not after: in the distributed
    // topology that saves a round trip. Nothing leaks: over HTTP the owners check the token's
    // session themselves, and the answer is only sent once this request's session is confirmed.
    const window = calendarWindow(
      scope,
      { userId: claims.sub, token, from, to, requestId: state.requestId },
      state.log,
    );
    window.catch(() => undefined); // awaited below unless the session check throws first
    await confirmSession(ctx, async () => undefined);
    if (currentUser(ctx).id !== claims.sub) throw new Error('session check answered another user');
    ctx.body = await window;
  });
  return router;
}
