import type { Clock } from '@dayframe/service-kit/http';
import { startServiceTestApp, type DatabaseKind, type TestSessions } from '@dayframe/test-kit';
import { createGoals, type GoalsQuotas } from './mod.ts';

/** The goals service over real HTTP on a fresh database of `kind`, for one test file. */
export type GoalsTestApp = Awaited<ReturnType<typeof startGoalsTestApp>>;

/** `sessions` may be the test file's own, when it makes its users before the app starts. */
export function startGoalsTestApp(
  kind: DatabaseKind,
  options: { quotas?: Partial<GoalsQuotas>; sessions?: TestSessions; clock?: Clock } = {},
) {
  return startServiceTestApp(
    kind,
    (parts) => createGoals({ ...parts, quotas: options.quotas, clock: options.clock }),
    options.sessions,
  );
}
