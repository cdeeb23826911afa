import { HttpError } from '@dayframe/service-kit/http';
import type {
  EntriesExportPage,
  GoalsExportPage,
  GoalsImport,
  GoalsImportCounts,
  JournalsExport,
  JournalsImport,
  JournalsImportCounts,
} from '@dayframe/contracts';
import {
  SourceDown,
  type ArchiveSources,
  type EntriesPageAsk,
  type GoalsPageAsk,
} from './archive-sources.ts';

type Owners = {
  exportJournals?: (userId: string) => Promise<JournalsExport>;
  exportEntries?: (userId: string, page: EntriesPageAsk) => Promise<EntriesExportPage>;
  importJournals?: (
    userId: string,
    part: JournalsImport,
    options: { dryRun: boolean },
  ) => Promise<JournalsImportCounts>;
  exportGoals?: (userId: string, page: GoalsPageAsk) => Promise<GoalsExportPage>;
  importGoals?: (
    userId: string,
    part: GoalsImport,
    options: { dryRun: boolean },
  ) => Promise<GoalsImportCounts>;
  /** Rejects when the owners' database cannot answer. */
  ready: () => Promise<void>;
};

/** An owner's answer; its own refusals (a quota) pass through, any other failure is a SourceDown. */
async function call<T>(part: string, run: (() => Promise<T>) | undefined): Promise<T> {
  if (!run) throw new SourceDown(part, new Error('not mounted here'));
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new SourceDown(part, error);
  }
}

/**
 * The sources in the embedded topology: plain calls into the journals and goals modules
 * mounted in this process (handed in by the composition root, so the archive never imports
 * them). The session was checked by the archive's own `authenticate` in this process.
 */
export function inProcessSources(owners: Owners): ArchiveSources {
  const o = owners;
  return {
    exportJournals: ({ userId }) =>
      call('journals', o.exportJournals && (() => o.exportJournals!(userId))),
    exportEntries: ({ userId }, page) =>
      call('journals', o.exportEntries && (() => o.exportEntries!(userId, page))),
    importJournals: ({ userId }, part, options) =>
      call('journals', o.importJournals && (() => o.importJournals!(userId, part, options))),
    exportGoals: ({ userId }, page) =>
      call('goals', o.exportGoals && (() => o.exportGoals!(userId, page))),
    importGoals: ({ userId }, part, options) =>
      call('goals', o.importGoals && (() => o.importGoals!(userId, part, options))),
    ready: owners.ready,
    close: async () => undefined,
  };
}
