import Router from '@koa/router';
import { moodQuery, onThisDayQuery, writingQuery } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import { moodInsights, onThisDay, writingInsights } from '../insights.ts';
import type { JournalsScope } from '../scope.ts';

export function insightsRoutes(scope: JournalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/insights' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/on-this-day', async (ctx) => {
    const { date } = parseInput(onThisDayQuery, ctx.query);
    ctx.body = await onThisDay(scope, currentUser(ctx).id, date);
  });
  router.get('/writing', async (ctx) => {
    const window = parseInput(writingQuery, ctx.query);
    ctx.body = await writingInsights(scope, currentUser(ctx).id, window);
  });
  router.get('/mood', async (ctx) => {
    const window = parseInput(moodQuery, ctx.query);
    ctx.body = await moodInsights(scope, currentUser(ctx).id, window);
  });
  return router;
}
