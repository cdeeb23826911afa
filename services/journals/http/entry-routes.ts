import Router from '@koa/router';
import {
  createEntryRequest,
  datedEntryQuery,
  starEntryRequest,
  updateEntryRequest,
} from '@dayframe/contracts';
import { parseInput, readPageRequest, sendPage } from '@dayframe/service-kit/http';
import { authenticate, currentUser, type RouteAuth } from '@dayframe/service-kit/tokens';
import {
  createEntry,
  deleteEntry,
  getEntry,
  getEntryOn,
  listEntries,
  starEntry,
  updateEntry,
} from '../entries.ts';
import type { JournalsScope } from '../scope.ts';
import { entryAddress } from './entry-address.ts';

export function entryRoutes(scope: JournalsScope, auth: RouteAuth): Router {
  const router = new Router({ prefix: '/api/entry' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/:journalId', async (ctx) => {
    const page = readPageRequest(ctx);
    sendPage(ctx, await listEntries(scope, currentUser(ctx).id, ctx.params.journalId ?? '', page));
  });
  router.post('/:journalId', async (ctx) => {
    const input = parseInput(createEntryRequest, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createEntry(scope, currentUser(ctx).id, ctx.params.journalId ?? '', input);
  });
  // Registered before '/:entryId' so "dated" is never read as an entry id.
  router.get('/:journalId/dated', async (ctx) => {
    const { date } = parseInput(datedEntryQuery, ctx.query);
    ctx.body = await getEntryOn(scope, currentUser(ctx).id, ctx.params.journalId ?? '', date);
  });
  router.get('/:journalId/:entryId', async (ctx) => {
    ctx.body = await getEntry(scope, ...entryAddress(ctx));
  });
  router.put('/:journalId/:entryId', async (ctx) => {
    const input = parseInput(updateEntryRequest, ctx.request.body);
    ctx.body = await updateEntry(scope, ...entryAddress(ctx), input);
  });
  router.put('/:journalId/:entryId/star', async (ctx) => {
    const { starred } = parseInput(starEntryRequest, ctx.request.body);
    ctx.body = await starEntry(scope, ...entryAddress(ctx), starred);
  });
  router.delete('/:journalId/:entryId', async (ctx) => {
    ctx.body = await deleteEntry(scope, ...entryAddress(ctx));
  });
  return router;
}
