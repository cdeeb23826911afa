import type {
  DueGoal,
  GoalsExportPage,
  GoalsImport,
  GoalsImportCounts,
  GoalsWindow,
} from '@dayframe/contracts';
import { systemClock, type Clock, type Logger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { RouteAuth, ServiceKey, SessionCheck, Tokens } from '@dayframe/service-kit/tokens';
import { createContentService, type ContentService } from '@dayframe/service-kit/content';
import { migrations } from './data/migrations.ts';
import { deleteGoalsOf, userIdsAfter } from './data/goal-repo.ts';
import { goalRoutes } from './http/goal-routes.ts';
import { internalRoutes } from './http/internal-routes.ts';
import { goalReminderRoutes } from './http/reminder-routes.ts';
import { goalsCompletedCount, openGoalsDue } from './goals-for-reminders.ts';
import { exportGoals, importGoals, undoGoalsImport, type ImportStep } from './archive-part.ts';
import { searchGoals } from './search-goals.ts';
import { goalsBetween } from './goals-between.ts';
import { GOALS_QUOTAS, type GoalsQuotas } from './quotas.ts';
import type { GoalsScope } from './scope.ts';

export type GoalsDeps = {
  db: Knex;
  tokens: Tokens;
  checkSession: SessionCheck;
  /** The deployment's service-token key: checks the tokens on its `/internal/*` calls. */
  serviceKey: ServiceKey;
  log: Logger;
  clock?: Clock;
  /** Per-user limits; GOALS_QUOTAS unless lowered (tests). */
  quotas?: Partial<GoalsQuotas>;
};

/** Also an `AccountDataOwner`: its rows follow the accounts (see keepAccountDataInStep). */
export type Goals = ContentService & {
  /** The calendar's window of goals, for the in-process calendar source (embedded topology). */
  goalsBetween(userId: string, from: string, to: string): Promise<GoalsWindow>;
  /** Its part of an export, for the in-process archive source (embedded topology). */
  exportGoals(userId: string, page: { after?: string; limit: number }): Promise<GoalsExportPage>;
  /**
   * Adds its part of an import, already validated by the archive (see importGoals): `dryRun`
   * only checks; a commit writes under the archive's `importId`, ...
   */
  importGoals(userId: string, part: GoalsImport, step: ImportStep): Promise<GoalsImportCounts>;
  /** ... which takes it back when the other part failed (see undoGoalsImport). */
  undoGoalsImport(userId: string, importId: string): Promise<{ removed: number }>;
  /** The open goals due in a window, for the in-process reminders (issue 27). */
  openGoalsDue(userId: string, window: { from: string; to: string }): Promise<DueGoal[]>;
  /** How many goals were completed in a window, for the in-process weekly digest. */
  goalsCompletedCount(userId: string, window: { from: string; to: string }): Promise<number>;
};

/** The goals service, the same in the gateway's process or its own. */
export function createGoals(deps: GoalsDeps): Goals {
  const scope: GoalsScope = {
    db: deps.db,
    clock: deps.clock ?? systemClock,
    quotas: { ...GOALS_QUOTAS, ...deps.quotas },
  };
  const auth: RouteAuth = { tokens: deps.tokens, checkSession: deps.checkSession };
  const service = createContentService({
    name: 'goals',
    db: deps.db,
    log: deps.log,
    auth,
    serviceKey: deps.serviceKey,
    migrations,
    routers: [goalRoutes(scope, auth), goalReminderRoutes(scope)],
    search: {
      path: '/api/search/goals',
      find: (userId, query) => searchGoals(scope, userId, query),
    },
    internals: internalRoutes(scope),
    userRows: { deleteOf: deleteGoalsOf, userIdsAfter },
  });
  return {
    ...service,
    goalsBetween: (userId, from, to) => goalsBetween(scope, userId, from, to),
    exportGoals: (userId, page) => exportGoals(scope, userId, page),
    importGoals: (userId, part, step) => importGoals(scope, userId, part, step),
    undoGoalsImport: (userId, importId) => undoGoalsImport(scope, userId, importId),
    openGoalsDue: (userId, window) => openGoalsDue(scope, userId, window),
    goalsCompletedCount: (userId, window) => goalsCompletedCount(scope, userId, window),
  };
}
