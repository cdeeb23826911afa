import type Koa from 'koa';
import { createServiceApp, systemClock, type Clock, type Logger } from '@dayframe/service-kit/http';
import { migrate, pingDatabase, type Knex } from '@dayframe/service-kit/db';
import type { AccountDataOwner, ScheduledSweep, SweepSchedule } from '@dayframe/service-kit/events';
import type { RouteAuth, ServiceKey, SessionCheck, Tokens } from '@dayframe/service-kit/tokens';
import { migrations } from './data/migrations.ts';
import { userIdsAfter } from './data/media-repo.ts';
import { fileRoutes } from './http/file-routes.ts';
import { mediaRoutes } from './http/media-routes.ts';
import { deleteAccountMedia } from './media-items.ts';
import { MEDIA_QUOTAS, type MediaQuotas } from './quotas.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import type { MediaScope } from './scope.ts';
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
};

/** The media service, the same in the gateway's process or its own. */
export function createMedia(deps: MediaDeps): Media {
  const scope: MediaScope = {
    db: deps.db,
    storage: deps.storage,
    urlKey: deps.urlKey,
    clock: deps.clock ?? systemClock,
    quotas: { ...MEDIA_QUOTAS, ...deps.quotas },
  };
  const auth: RouteAuth = { tokens: deps.tokens, checkSession: deps.checkSession };
  const app = createServiceApp({
    name: 'media',
    log: deps.log,
    serviceKey: deps.serviceKey,
    // The signed file links first: they need no bearer token.
    routers: [fileRoutes(scope), mediaRoutes(scope, auth)],
    readiness: { database: () => pingDatabase(deps.db) },
    // An upload is multipart, read as it arrives by its own route (http/multipart.ts).
    ownBodies: ['/api/media'],
  });
  const references = deps.references;
  let swept: ScheduledSweep<unknown> | null = null;
  return {
    app,
    migrate: () => migrate(deps.db, 'media', migrations),
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
      await deps.storage.close();
    },
  };
}
