import Router from '@koa/router';
import { createJournalRequest, updateJournalRequest } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import {
  createJournal,
  deleteJournal,
  getJournal,
  listJournals,
  updateJournal,
  type JournalsContext,
} from '../journals.ts';

export function journalRoutes(
  ctx: JournalsContext,
  auth: { tokens: Tokens; checkSession: SessionCheck },
): Router {
  const router = new Router({ prefix: '/api/journals' });
  router.use(authenticate(auth.tokens, auth.checkSession));

  router.get('/', async (http) => {
    http.body = await listJournals(ctx, currentUser(http).id);
  });
  router.post('/', async (http) => {
    const input = parseInput(createJournalRequest, http.request.body);
    http.status = 201;
    http.body = await createJournal(ctx, currentUser(http).id, input);
  });
  router.get('/:id', async (http) => {
    http.body = await getJournal(ctx, currentUser(http).id, http.params.id ?? '');
  });
  router.put('/:id', async (http) => {
    const input = parseInput(updateJournalRequest, http.request.body);
    http.body = await updateJournal(ctx, currentUser(http).id, http.params.id ?? '', input);
  });
  router.delete('/:id', async (http) => {
    http.body = await deleteJournal(ctx, currentUser(http).id, http.params.id ?? '');
  });
  return router;
}
