import Router from '@koa/router';
import { createEntryRequest, datedEntryQuery, updateEntryRequest } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  readPageRequest,
  sendPage,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import {
  createEntry,
  deleteEntry,
  getEntry,
  getEntryOn,
  listEntries,
  updateEntry,
} from '../entries.ts';
import type { JournalsContext } from '../journals.ts';

export function entryRoutes(
  ctx: JournalsContext,
  auth: { tokens: Tokens; checkSession: SessionCheck },
): Router {
  const router = new Router({ prefix: '/api/entry' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/:journalId', async (http) => {
    const page = readPageRequest(http);
    sendPage(http, await listEntries(ctx, currentUser(http).id, http.params.journalId ?? '', page));
  });
  router.post('/:journalId', async (http) => {
    const input = parseInput(createEntryRequest, http.request.body);
    http.status = 201;
    http.body = await createEntry(ctx, currentUser(http).id, http.params.journalId ?? '', input);
  });
  // Registered before '/:entryId' so "dated" is never read as an entry id.
  router.get('/:journalId/dated', async (http) => {
    const { date } = parseInput(datedEntryQuery, http.query);
    http.body = await getEntryOn(ctx, currentUser(http).id, http.params.journalId ?? '', date);
  });
  router.get('/:journalId/:entryId', async (http) => {
    http.body = await getEntry(
      ctx,
      currentUser(http).id,
      http.params.journalId ?? '',
      http.params.entryId ?? '',
    );
  });
  router.put('/:journalId/:entryId', async (http) => {
    const input = parseInput(updateEntryRequest, http.request.body);
    http.body = await updateEntry(
      ctx,
      currentUser(http).id,
      http.params.journalId ?? '',
      http.params.entryId ?? '',
      input,
    );
  });
  router.delete('/:journalId/:entryId', async (http) => {
    http.body = await deleteEntry(
      ctx,
      currentUser(http).id,
      http.params.journalId ?? '',
      http.params.entryId ?? '',
    );
  });
  return router;
}
