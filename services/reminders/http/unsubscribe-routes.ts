import Router from '@koa/router';
import type Koa from 'koa';
import { REMINDER_UNSUBSCRIBE_PATH } from '@dayframe/contracts';
import { readBody } from '@dayframe/service-kit/http';
import { turnOffReminderKind, unsubscribeTarget } from '../unsubscribe.ts';
import { confirmPage, refusedPage, turnedOffPage } from './unsubscribe-page.ts';
import type { RemindersScope } from '../scope.ts';

/** Room for RFC 8058's body (`List-Unsubscribe=One-Click`, or as multipart/form-data). */
const BODY_LIMIT = 4 * 1024;

/**
 * `REMINDER_UNSUBSCRIBE_PATH?t=<token>`, the link in every reminder mail, with no session: the
 * signed token is the permission. `POST` is RFC 8058's one-click unsubscribe, sent by the mail
 * client (or the page's button) and turns the token's kind off. `GET` only shows that button:
 * mail scanners open links, so a GET changes nothing. The body is read but not required to be
 * anything: clients send the one-click pair form-encoded, as multipart, or nothing.
 */
export function unsubscribeRoutes(scope: RemindersScope): Router {
  const router = new Router();
  router.get(REMINDER_UNSUBSCRIBE_PATH, (ctx) => {
    const target = unsubscribeTarget(scope, ctx.query.t);
    if (!target) return refuse(ctx);
    const action = `${REMINDER_UNSUBSCRIBE_PATH}?t=${encodeURIComponent(String(ctx.query.t))}`;
    answer(ctx, 200, confirmPage(target.kind, action));
  });
  router.post(REMINDER_UNSUBSCRIBE_PATH, async (ctx) => {
    await readBody(ctx, { limit: BODY_LIMIT, tooLarge: 'The request body is too large.' });
    const target = unsubscribeTarget(scope, ctx.query.t);
    if (!target) return refuse(ctx);
    await turnOffReminderKind(scope, target);
    // The same page whether or not the account still exists: it tells no one which accounts do.
    answer(ctx, 200, turnedOffPage(target.kind));
  });
  return router;
}

function refuse(ctx: Koa.Context): void {
  answer(ctx, 400, refusedPage());
}

function answer(ctx: Koa.Context, status: number, html: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  // The page is about one person's account and its link is a capability: kept by no cache.
  ctx.set('Cache-Control', 'no-store');
  ctx.body = html;
}
