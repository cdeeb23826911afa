import type { Clock } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { MediaStorage } from './storage/media-storage.ts';
import type { MediaQuotas } from './quotas.ts';

/**
 * What every media use case gets first: the database its repository (`data/`) reads and writes,
 * the store the files are in, the key file links are signed with, the time and the per-user
 * quota. Built once by `createMedia`; a route passes it on.
 */
export type MediaScope = {
  db: Knex;
  storage: MediaStorage;
  urlKey: Buffer;
  clock: Clock;
  quotas: MediaQuotas;
};
