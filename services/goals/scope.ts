import type { Clock } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { GoalsQuotas } from './quotas.ts';

/**
 * What every goals use case gets first: the database its repositories (`data/`) read and
 * write, the time and the per-user quotas. Built once by `createGoals`; a route passes it on.
 */
export type GoalsScope = { db: Knex; clock: Clock; quotas: GoalsQuotas };
