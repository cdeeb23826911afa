import type Koa from 'koa';
import type { CalendarResponse } from '@dayframe/contracts';
import {
  createServiceApp,
  pingDatabase,
  type Knex,
  type Logger,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import { calendarRoutes } from './http/calendar-routes.ts';
import { calendarWindow } from './calendar-window.ts';

export type CalendarDeps = { db: Knex; tokens: Tokens; checkSession: SessionCheck; log: Logger };

export type Calendar = {
  app: Koa;
  /** Nothing to migrate: the calendar has no tables of its own. Kept so every service composes alike. */
  migrate(): Promise<void>;
  calendarWindow(userId: string, from: string, to: string): Promise<CalendarResponse>;
};

/**
 * The calendar service. It reads the journals' and goals' tables through their modules, on the
 * same database as they use, so it needs them migrated first.
 */
export function createCalendar(deps: CalendarDeps): Calendar {
  const app = createServiceApp({
    name: 'calendar',
    log: deps.log,
    routers: [calendarRoutes(deps.db, { tokens: deps.tokens, checkSession: deps.checkSession })],
    readiness: { database: () => pingDatabase(deps.db) },
  });
  return {
    app,
    migrate: async () => {},
    calendarWindow: (userId, from, to) => calendarWindow(deps.db, userId, from, to),
  };
}
