import type Koa from 'koa';
import type { Goal } from '@dayframe/contracts';
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
import { deleteGoalsOf } from './data/goal-repo.ts';
import { goalRoutes } from './http/goal-routes.ts';
import { goalsCompletedBetween, goalsDueBetween } from './goals-between.ts';

/** The queue on which identity announces an account deletion to this service. */
export const GOALS_ACCOUNT_DELETED_QUEUE = 'goals.account-deleted';

export type GoalsDeps = {
  db: Knex;
  tokens: Tokens;
  checkSession: SessionCheck;
  log: Logger;
  clock?: Clock;
};

export type Goals = {
  app: Koa;
  migrate(): Promise<void>;
  /** Removes every goal of the user. Idempotent, so a retried job is harmless. */
  deleteAccountData(userId: string): Promise<void>;
  goalsDueBetween(userId: string, from: string, to: string): Promise<Goal[]>;
  goalsCompletedBetween(userId: string, from: string, to: string): Promise<Goal[]>;
};

/** The goals service, the same in the gateway's process or its own. */
export function createGoals(deps: GoalsDeps): Goals {
  const ctx = { db: deps.db, clock: deps.clock ?? systemClock };
  const app = createServiceApp({
    name: 'goals',
    log: deps.log,
    routers: [goalRoutes(ctx, { tokens: deps.tokens, checkSession: deps.checkSession })],
    readiness: { database: () => pingDatabase(deps.db) },
  });
  return {
    app,
    migrate: () => migrate(deps.db, 'goals', migrations),
    deleteAccountData: (userId) => deleteGoalsOf(deps.db, userId),
    goalsDueBetween: (userId, from, to) => goalsDueBetween(deps.db, userId, from, to),
    goalsCompletedBetween: (userId, from, to) => goalsCompletedBetween(deps.db, userId, from, to),
  };
}
