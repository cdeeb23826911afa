import type { Clock, Logger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { JobBus } from '@dayframe/service-kit/jobs';
import type { MediaStorage } from './storage/media-storage.ts';
import type { MediaQuotas } from './quotas.ts';
import type { UploadGate } from './upload-limits.ts';

/**
 * What every media use case gets first: the database its repository (`data/`) reads and writes,
 * the store the files are in, the key file links are signed with, the time, the per-user
 * quota, the upload limits and the job bus. Built once by `createMedia`; a route passes it on.
 */
export type MediaScope = {
  db: Knex;
  storage: MediaStorage;
  urlKey: Buffer;
  clock: Clock;
  quotas: MediaQuotas;
  /** Who may upload now (upload-limits.ts). */
  uploads: UploadGate;
  /** Where an image's sizes are asked for (make-sizes.ts). */
  jobs: JobBus;
  log: Logger;
};
