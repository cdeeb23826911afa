import type { Clock } from '@dayframe/service-kit/http';
import type { ArchiveSources } from './archive-sources.ts';

/**
 * What every archive use case gets first. The archive owns no data, so where other services
 * hold a database it holds the sources it asks journals and goals through, the time that names
 * an export, and how many entries or goals an export reads from an owner at a time. Built once
 * by `createArchive`; a route passes it on.
 */
export type ArchiveScope = { sources: ArchiveSources; clock: Clock; exportPageSize: number };
