import type Koa from 'koa';
import { createServiceApp, type Logger } from '@dayframe/service-kit/http';
import type { RouteAuth, ServiceKey, SessionCheck, Tokens } from '@dayframe/service-kit/tokens';
import { calendarRoutes } from './http/calendar-routes.ts';
import type { CalendarSources } from './calendar-sources.ts';
import type { CalendarScope } from './scope.ts';

export type CalendarDeps = {
  sources: CalendarSources;
  tokens: Tokens;
  checkSession: SessionCheck;
  /** The deployment's service-token key: checks the tokens on its `/internal/*` calls. */
  serviceKey: ServiceKey;
  log: Logger;
};

export type Calendar = {
  app: Koa;
  close(): Promise<void>;
};

/**
 * The calendar service. It owns no data: it asks journals and goals for a window through
 * `sources`. It is ready while at least one source answers, since it can then still show
 * something (and names the missing part).
 */
export function createCalendar(deps: CalendarDeps): Calendar {
  const { ready } = deps.sources;
  const scope: CalendarScope = { sources: deps.sources };
  const auth: RouteAuth = { tokens: deps.tokens, checkSession: deps.checkSession };
  const app = createServiceApp({
    name: 'calendar',
    log: deps.log,
    serviceKey: deps.serviceKey,
    routers: [calendarRoutes(scope, auth)],
    readiness: { sources: () => Promise.any([ready.entries(), ready.goals()]).then(() => {}) },
  });
  return { app, close: () => deps.sources.close() };
}
