import Router from '@koa/router';
import { authenticate, currentUser, type SessionCheck, type Tokens } from '@dayframe/service-kit';

/**
 * `GET /internal/session`: how services in their own processes ask whether a token's session is
 * current. Not under `/api`, so the gateway never exposes it.
 */
export function internalRoutes(tokens: Tokens, checkSession: SessionCheck): Router {
  const router = new Router({ prefix: '/internal' });
  router.get('/session', authenticate(tokens, checkSession, { requireVerified: false }), (http) => {
    const { id, role, verified } = currentUser(http);
    http.body = { id, role, verified };
  });
  return router;
}
