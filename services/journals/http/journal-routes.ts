import Router from '@koa/router';
import { createJournalRequest, updateJournalRequest } from '@dayframe/contracts';
import { parseInput } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import {
  createJournal,
  deleteJournal,
  getJournal,
  listJournals,
  updateJournal,
} from '../journals.ts';
import type { JournalsScope } from '../scope.ts';

export function journalRoutes(scope: JournalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/journals' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/', async (ctx) => {
    ctx.body = await listJournals(scope, currentUser(ctx).id);
  });
  router.post('/', async (ctx) => {
    const input = parseInput(createJournalRequest, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createJournal(scope, currentUser(ctx).id, input);
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await getJournal(scope, currentUser(ctx).id, ctx.params.id ?? '');
  });
  router.put('/:id', async (ctx) => {
    const input = parseInput(updateJournalRequest, ctx.request.body);
    ctx.body = await updateJournal(scope, currentUser(ctx).id, ctx.params.id ?? '', input);
  });
  router.delete('/:id', async (ctx) => {
    ctx.body = await deleteJournal(scope, currentUser(ctx).id, ctx.params.id ?? '');
  });
  return router;
}
