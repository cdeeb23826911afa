import type { Clock } from '@dayframe/service-kit';
import type { ArchiveSources } from './archive-sources.ts';

/**
 * What every archive use case gets first. The archive owns no data, so where other services
 * hold a database it holds the sources it asks journals and goals through, and the time that
 * names an export. Built once by `createArchive`; a route passes it on.
 */
export type ArchiveScope = { sources: ArchiveSources; clock: Clock };
