import Router from '@koa/router';
import type {
  PushKeyAnswer,
  PushSubscriptionAnswer,
  PushSubscriptionListAnswer,
} from '@dayframe/contracts';
import { notFound, parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import {
  deletePushSubscription,
  pushSubscriptionsOf,
  savePushSubscription,
} from '../data/push-subscriptions-repo.ts';
import { pushSubscriptionSchema } from '../push/push-subscription.ts';
import type { RemindersScope } from '../scope.ts';

/**
 * `/api/push`: the key a browser subscribes with, and the signed-in person's subscriptions
 * (decision 0051). Answers never carry an endpoint or a key: ids and dates only.
 */
export function pushRoutes(scope: RemindersScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/push' });
  router.use(authenticate(auth.tokens, auth.checkSession));
  const subscriptionBody = pushSubscriptionSchema({ allowLocal: scope.push.allowLocal });

  router.get('/key', (ctx) => {
    ctx.body = { publicKey: scope.push.keys.publicKey } satisfies PushKeyAnswer;
  });

  router.get('/subscriptions', async (ctx) => {
    const found = await pushSubscriptionsOf(scope.db, currentUser(ctx).id);
    ctx.body = {
      subscriptions: found.map((s) => ({
        id: s.id,
        createdAt: new Date(s.createdAt).toISOString(),
        lastUsedAt: s.lastUsedAt === null ? null : new Date(s.lastUsedAt).toISOString(),
      })),
    } satisfies PushSubscriptionListAnswer;
  });

  router.post('/subscriptions', async (ctx) => {
    const body = parseInput(subscriptionBody, ctx.request.body);
    const saved = await savePushSubscription(
      scope.db,
      currentUser(ctx).id,
      { endpoint: body.endpoint, keys: body.keys },
      scope.clock.now(),
    );
    ctx.status = saved.created ? 201 : 200;
    ctx.body = { id: saved.id } satisfies PushSubscriptionAnswer;
  });

  router.delete('/subscriptions/:id', async (ctx) => {
    const removed = await deletePushSubscription(scope.db, currentUser(ctx).id, ctx.params.id!);
    if (!removed) throw notFound('No such subscription', 'subscription_not_found');
    ctx.status = 204;
  });

  return router;
}
