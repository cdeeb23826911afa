import type Koa from 'koa';
import { EXPORT_PAGE_SIZE } from '@dayframe/contracts';
import { createServiceApp, systemClock, type Clock, type Logger } from '@dayframe/service-kit/http';
import type { RouteAuth, ServiceKey, SessionCheck, Tokens } from '@dayframe/service-kit/tokens';
import { archiveRoutes } from './http/archive-routes.ts';
import type { ArchiveSources } from './archive-sources.ts';
import type { ArchiveScope } from './scope.ts';
import { importGate } from './import-gate.ts';
import { importPlanner, type ImportWorkerLimits } from './import-planner.ts';

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
  /** What an import's worker may use (tests lower it; see `IMPORT_WORKER_LIMITS`). */
  importWorker?: Partial<ImportWorkerLimits>;
};

export type Archive = {
  app: Koa;
  close(): Promise<void>;
};

/**
 * The archive service: export and import of everything a person wrote. It owns no data: it
 * asks journals and goals for their parts through `sources`, streams the zip, and splits an
 * import between them (read and planned in a worker thread, two at a time, one per account).
 * Ready when both owners are (an export needs both).
 */
export function createArchive(deps: ArchiveDeps): Archive {
  const planner = importPlanner(deps.log, deps.importWorker);
  const scope: ArchiveScope = {
    sources: deps.sources,
    clock: deps.clock ?? systemClock,
    exportPageSize: deps.exportPageSize ?? EXPORT_PAGE_SIZE,
    planner,
    imports: importGate(),
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
  return {
    app,
    async close() {
      await planner.close();
      await deps.sources.close();
    },
  };
}
