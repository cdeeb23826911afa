import type { Clock } from '@dayframe/service-kit/http';
import type { ArchiveSources } from './archive-sources.ts';
import type { ImportGate } from './import-gate.ts';
import type { ImportPlanner } from './import-planner.ts';

/**
 * What every archive use case gets first. The archive owns no data, so where other services
 * hold a database it holds the sources it asks journals and goals through, the time that names
 * an export, how many entries or goals an export reads from an owner at a time, the workers an
 * upload is read and planned in, and the admission of imports. Built once by `createArchive`;
 * a route passes it on.
 */
export type ArchiveScope = {
  sources: ArchiveSources;
  clock: Clock;
  exportPageSize: number;
  planner: ImportPlanner;
  imports: ImportGate;
};
