import type Koa from 'koa';
import { EXPORT_PAGE_SIZE } from '@dayframe/contracts';
import { createServiceApp, systemClock, type Clock, type Logger } from '@dayframe/service-kit/http';
import type { RouteAuth, ServiceKey, SessionCheck, Tokens } from '@dayframe/service-kit/tokens';
import { archiveRoutes } from './http/archive-routes.ts';
import type { ArchiveSources } from './archive-sources.ts';
import type { ArchiveScope } from './scope.ts';

export type ArchiveDeps = {
  sources: ArchiveSources;
  tokens: Tokens;
  checkSession: SessionCheck;
  /** The deployment's service-token key: checks the tokens on its `/internal/*` calls. */
  serviceKey: ServiceKey;
  log: Logger;
  clock?: Clock;
  /** How many entries or goals the export reads from an owner at a time (tests lower it). */
  exportPageSize?: number;
};

export type Archive = {
  app: Koa;
  close(): Promise<void>;
};

/**
 * The archive service: export and import of everything a person wrote. It owns no data: it
 * asks journals and goals for their parts through `sources`, streams the zip, and splits an
 * import between them. Ready when both owners are (an export needs both).
 */
export function createArchive(deps: ArchiveDeps): Archive {
  const scope: ArchiveScope = {
    sources: deps.sources,
    clock: deps.clock ?? systemClock,
    exportPageSize: deps.exportPageSize ?? EXPORT_PAGE_SIZE,
  };
  const auth: RouteAuth = { tokens: deps.tokens, checkSession: deps.checkSession };
  const app = createServiceApp({
    name: 'archive',
    log: deps.log,
    serviceKey: deps.serviceKey,
    routers: [archiveRoutes(scope, auth)],
    readiness: { sources: () => deps.sources.ready() },
    ownBodies: ['/api/import'],
  });
  return { app, close: () => deps.sources.close() };
}
