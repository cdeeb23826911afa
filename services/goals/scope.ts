import type { Clock, Knex } from '@dayframe/service-kit';
import type { GoalsQuotas } from './quotas.ts';

/**
 * What every goals use case gets first: the database its repositories (`data/`) read and
 * write, the time and the per-user quotas. Built once by `createGoals`; a route passes it on.
 */
export type GoalsScope = { db: Knex; clock: Clock; quotas: GoalsQuotas };
