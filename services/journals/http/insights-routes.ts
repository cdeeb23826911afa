import Router from '@koa/router';
import { onThisDayQuery, writingQuery } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import { onThisDay, writingInsights } from '../insights.ts';
import type { JournalsContext } from '../journals.ts';

export function insightsRoutes(
  ctx: JournalsContext,
  auth: { tokens: Tokens; checkSession: SessionCheck },
): Router {
  const router = new Router({ prefix: '/api/insights' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/on-this-day', async (http) => {
    const { date } = parseInput(onThisDayQuery, http.query);
    http.body = await onThisDay(ctx, currentUser(http).id, date);
  });
  router.get('/writing', async (http) => {
    const window = parseInput(writingQuery, http.query);
    http.body = await writingInsights(ctx, currentUser(http).id, window);
  });
  return router;
}
