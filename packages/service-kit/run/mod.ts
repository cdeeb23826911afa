/**
 * Running a service in its own process (the distributed topology): config from the environment,
 * sessions checked by identity, migrations, the account-data subscription and a graceful
 * shutdown.
 *
 * @example
 * // services/goals/main.ts
 * import { runContentService } from '@dayframe/service-kit/run';
 * import { createGoals } from './mod.ts';
 * await runContentService({ name: 'goals', create: createGoals });
 */
export * from './run-service.ts';
export * from './run-composing-service.ts';
export * from './serve-service.ts';
