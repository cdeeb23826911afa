import type { Readable } from 'node:stream';
import type Koa from 'koa';
import type { MediaExport, MediaImportCheck, MediaImported } from '@dayframe/contracts';
import { createServiceApp, systemClock, type Clock, type Logger } from '@dayframe/service-kit/http';
import { migrate, pingDatabase, type Knex } from '@dayframe/service-kit/db';
import type { AccountDataOwner, ScheduledSweep, SweepSchedule } from '@dayframe/service-kit/events';
import type { JobBus } from '@dayframe/service-kit/jobs';
import { memoryRateLimiter, type RateLimiter } from '@dayframe/service-kit/limits';
import type { RouteAuth, ServiceKey, SessionCheck, Tokens } from '@dayframe/service-kit/tokens';
import { migrations } from './data/migrations.ts';
import { userIdsAfter } from './data/media-repo.ts';
import { fileRoutes } from './http/file-routes.ts';
import { mediaRoutes } from './http/media-routes.ts';
import { internalRoutes, INTERNAL_OWN_BODIES } from './http/internal-routes.ts';
import { deleteAccountMedia } from './media-items.ts';
import {
  checkMediaImport,
  exportMediaList,
  importMediaFile,
  openExportedFile,
} from './media-archive.ts';
import { MEDIA_QUOTAS, type MediaQuotas } from './quotas.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import type { MediaScope } from './scope.ts';
import { workSizes } from './make-sizes.ts';
import { UPLOAD_LIMITS, uploadGate, type UploadLimits } from './upload-limits.ts';
import {
  keepUnreferencedMediaSwept,
  sweepUnreferencedMedia,
  type MediaReferences,
} from './unreferenced-sweep.ts';

export type MediaDeps = {
  db: Knex;
  tokens: Tokens;
  checkSession: SessionCheck;
  /** The deployment's service-token key: checks the tokens on its `/internal/*` calls. */
  serviceKey: ServiceKey;
  log: Logger;
  /** Where the files go (`mediaStorageFrom(config)`). */
  storage: MediaStorage;
  /** What file links are signed with (`mediaUrlSecret(config)`), no other key. */
  urlKey: Buffer;
  clock?: Clock;
  /** Per-user limits; MEDIA_QUOTAS unless lowered (tests). */
  quotas?: Partial<MediaQuotas>;
  /** The job bus an image's sizes are queued on and made from (the service works its own queue). */
  jobs: JobBus;
  /** Counts uploads a minute: Redis when distributed (`mediaRateLimiter`), memory otherwise. */
  limiter?: RateLimiter;
  /** Upload limits; UPLOAD_LIMITS unless lowered (tests) or `MEDIA_UPLOADS_PER_PROCESS` is set. */
  uploads?: Partial<UploadLimits>;
  /**
   * Which files entries refer to (journals, in-process or over HTTP); without it no file is
   * swept for want of a reference.
   */
  references?: MediaReferences;
};

/** Also an `AccountDataOwner`: an account's files and rows follow it (keepAccountDataInStep). */
export type Media = AccountDataOwner & {
  app: Koa;
  migrate(): Promise<void>;
  /** One sweep of the files no entry refers to, now (decision 0049). */
  sweepUnreferenced(): Promise<{ checked: number; deleted: number }>;
  /** Starts that sweep on `schedule` (hourly), once migrated; `close` stops it. */
  ready(schedule: SweepSchedule): void;
  /** Stops the sweep and lets go of the store's connections (S3) and journals'. */
  close(): Promise<void>;
  /** Uploads this process is reading now. */
  uploadsInFlight(): number;
} & MediaArchivePart;

/**
 * Media's part of an export and an import, as plain calls by the person's id: what the archive
 * mounted in the same process calls (its `/internal/*` twins are for an archive elsewhere).
 */
export type MediaArchivePart = {
  exportMedia(userId: string): Promise<MediaExport>;
  openMedia(userId: string, id: string): Promise<Readable>;
  checkMediaImport(userId: string, check: MediaImportCheck): Promise<{ newBytes: number }>;
  importMedia(
    userId: string,
    upload: { file: Readable; sha256?: string; stop(): void },
  ): Promise<MediaImported>;
};

/** The media service, the same in the gateway's process or its own. */
export function createMedia(deps: MediaDeps): Media {
  // A limiter it was given is closed by whoever made it; one of its own, here.
  const ownLimiter = deps.limiter ? null : memoryRateLimiter(deps.clock ?? systemClock);
  const limiter = deps.limiter ?? ownLimiter!;
  const scope: MediaScope = {
    db: deps.db,
    storage: deps.storage,
    urlKey: deps.urlKey,
    clock: deps.clock ?? systemClock,
    quotas: { ...MEDIA_QUOTAS, ...deps.quotas },
    uploads: uploadGate({ ...UPLOAD_LIMITS, ...deps.uploads }, limiter),
    jobs: deps.jobs,
    log: deps.log,
  };
  let working = false;
  const auth: RouteAuth = { tokens: deps.tokens, checkSession: deps.checkSession };
  const app = createServiceApp({
    name: 'media',
    log: deps.log,
    serviceKey: deps.serviceKey,
    // The signed file links first: they need no bearer token.
    routers: [fileRoutes(scope), mediaRoutes(scope, auth), internalRoutes(scope, auth)],
    readiness: { database: () => pingDatabase(deps.db) },
    // An upload is multipart, read as it arrives by its own route (http/multipart.ts).
    ownBodies: ['/api/media', ...INTERNAL_OWN_BODIES],
  });
  const references = deps.references;
  let swept: ScheduledSweep<unknown> | null = null;
  return {
    app,
    async migrate() {
      await migrate(deps.db, 'media', migrations);
      // The sizes queue is worked once the table has its columns: a job queued before an
      // upgrade waits rather than fails on the old schema.
      if (!working) workSizes(scope, deps.jobs, deps.log);
      working = true;
    },
    sweepUnreferenced: async () =>
      references ? sweepUnreferencedMedia(scope, references) : { checked: 0, deleted: 0 },
    ready(schedule) {
      if (references && !swept)
        swept = keepUnreferencedMediaSwept(scope, references, schedule, deps.log);
    },
    deleteAccountData: (userId) => deleteAccountMedia(scope, userId),
    userIdsAfter: (after, limit) => userIdsAfter(deps.db, after, limit),
    async close() {
      await swept?.stop();
      await references?.close?.();
      await ownLimiter?.close();
      await deps.storage.close();
    },
    uploadsInFlight: scope.uploads.inFlight,
    exportMedia: (userId) => exportMediaList(scope, userId),
    openMedia: (userId, id) => openExportedFile(scope, userId, id),
    checkMediaImport: (userId, check) => checkMediaImport(scope, userId, check),
    importMedia: (userId, upload) => importMediaFile(scope, userId, upload),
  };
}
