import Router from '@koa/router';
import { calendarQuery } from '@dayframe/contracts';
import {
  authenticate,
  bearerToken,
  currentUser,
  parseInput,
  type AppState,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import type { CalendarSources } from '../calendar-sources.ts';
import { calendarWindow } from '../calendar-window.ts';

export function calendarRoutes(
  sources: CalendarSources,
  auth: { tokens: Tokens; checkSession: SessionCheck },
): Router {
  const router = new Router({ prefix: '/api/calendar' });
  const confirmSession = authenticate(auth.tokens, auth.checkSession);

  router.get('/', async (http) => {
    const token = bearerToken(http);
    const claims = token ? auth.tokens.verify(token) : null;
    // No token, or one we did not sign: the usual 401, before anything else.
    if (!token || !claims) return confirmSession(http, async () => undefined);
    const { from, to } = parseInput(calendarQuery, http.query);
    const state = http.state as AppState;
    // The window is asked for while identity confirms the session, not after: in the distributed
    // topology that saves a round trip. Nothing leaks: over HTTP the owners check the token's
    // session themselves, and the answer is only sent once this request's session is confirmed.
    const window = calendarWindow(
      sources,
      { userId: claims.sub, token, from, to, requestId: state.requestId },
      state.log,
    );
    window.catch(() => undefined); // awaited below unless the session check throws first
    await confirmSession(http, async () => undefined);
    if (currentUser(http).id !== claims.sub) throw new Error('session check answered another user');
    http.body = await window;
  });
  return router;
}
