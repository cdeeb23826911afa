import Router from '@koa/router';
import { existingUsersRequest } from '@dayframe/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';

/**
 * Calls from the other services, not under `/api`, so the gateway never exposes them:
 * `GET /internal/session` (is a token's session current?) and `POST /internal/users/existing`
 * (which of these user ids still have an account? for the orphan sweeps). The latter answers
 * ids the caller already holds, nothing more.
 */
export function internalRoutes(
  tokens: Tokens,
  checkSession: SessionCheck,
  existingUsers: (ids: string[]) => Promise<string[]>,
): Router {
  const router = new Router({ prefix: '/internal' });
  router.get('/session', authenticate(tokens, checkSession, { requireVerified: false }), (http) => {
    const { id, role, verified } = currentUser(http);
    http.body = { id, role, verified };
  });
  router.post('/users/existing', async (http) => {
    const { ids } = parseInput(existingUsersRequest, http.request.body);
    http.body = { existing: await existingUsers(ids) };
  });
  return router;
}
