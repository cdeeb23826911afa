import type Koa from 'koa';
import type { CalendarEntry } from '@dayframe/contracts';
import {
  createServiceApp,
  migrate,
  pingDatabase,
  systemClock,
  type Clock,
  type Knex,
  type Logger,
  type SessionCheck,
  type Tokens,
} from '@dayframe/service-kit';
import { migrations } from './data/migrations.ts';
import { deleteJournalsOf } from './data/journal-repo.ts';
import { journalRoutes } from './http/journal-routes.ts';
import { entryRoutes } from './http/entry-routes.ts';
import { entriesBetween } from './calendar-entries.ts';

/** The queue on which identity announces an account deletion to this service. */
export const JOURNALS_ACCOUNT_DELETED_QUEUE = 'journals.account-deleted';

export type JournalsDeps = {
  db: Knex;
  tokens: Tokens;
  checkSession: SessionCheck;
  log: Logger;
  clock?: Clock;
};

export type Journals = {
  app: Koa;
  migrate(): Promise<void>;
  /** Removes every journal and entry of the user. Idempotent, so a retried job is harmless. */
  deleteAccountData(userId: string): Promise<void>;
  entriesBetween(userId: string, from: string, to: string): Promise<CalendarEntry[]>;
};

/** The journals service, the same in the gateway's process or its own. */
export function createJournals(deps: JournalsDeps): Journals {
  const ctx = { db: deps.db, clock: deps.clock ?? systemClock };
  const auth = { tokens: deps.tokens, checkSession: deps.checkSession };
  const app = createServiceApp({
    name: 'journals',
    log: deps.log,
    routers: [journalRoutes(ctx, auth), entryRoutes(ctx, auth)],
    readiness: { database: () => pingDatabase(deps.db) },
  });
  return {
    app,
    migrate: () => migrate(deps.db, 'journals', migrations),
    deleteAccountData: (userId) => deleteJournalsOf(deps.db, userId),
    entriesBetween: (userId, from, to) => entriesBetween(deps.db, userId, from, to),
  };
}
