import type { Clock } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { JournalsQuotas } from './quotas.ts';

/**
 * What every journals use case gets first: the database its repositories (`data/`) read and
 * write, the time and the per-user quotas. Built once by `createJournals`; a route passes it on.
 */
export type JournalsScope = { db: Knex; clock: Clock; quotas: JournalsQuotas };
