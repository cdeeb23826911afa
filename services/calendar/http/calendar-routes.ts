import Router from '@koa/router';
import { calendarQuery } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  type Knex,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import { calendarWindow } from '../calendar-window.ts';

export function calendarRoutes(
  db: Knex,
  auth: { tokens: Tokens; checkSession: SessionCheck },
): Router {
  const router = new Router({ prefix: '/api/calendar' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/', async (http) => {
    const { from, to } = parseInput(calendarQuery, http.query);
    http.body = await calendarWindow(db, currentUser(http).id, from, to);
  });
  return router;
}
