import type {
  GoalsExport,
  GoalsImport,
  GoalsImportCounts,
  JournalsExport,
  JournalsImport,
  JournalsImportCounts,
} from '@dayframe/contracts';

/** One archive call on behalf of one signed-in caller. */
export type ArchiveAsk = {
  userId: string;
  /** Passed on by an HTTP source, so the owner reads and writes the token's user's rows only. */
  token: string;
  requestId?: string;
};

/**
 * Where an archive's parts live: journals owns journals and entries, goals owns goals. The
 * archive knows only this interface; the composition root picks `inProcessSources` (embedded)
 * or `httpSources` (distributed), per part.
 */
export type ArchiveSources = {
  exportJournals(ask: ArchiveAsk, range: { from?: string; to?: string }): Promise<JournalsExport>;
  exportGoals(ask: ArchiveAsk): Promise<GoalsExport>;
  importJournals(
    ask: ArchiveAsk,
    part: JournalsImport,
    options: { dryRun: boolean },
  ): Promise<JournalsImportCounts>;
  importGoals(
    ask: ArchiveAsk,
    part: GoalsImport,
    options: { dryRun: boolean },
  ): Promise<GoalsImportCounts>;
  /** Rejects when an owner cannot answer now (for `/readyz`). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/** An owner that could not answer (down, timed out, failed): the archive answers 503. */
export class SourceDown extends Error {
  constructor(part: string, cause?: unknown) {
    super(`${part} did not answer`, { cause });
    this.name = 'SourceDown';
  }
}

/** Journals' part from one implementation and goals' from another (mixed topology). */
export function pickSources(from: {
  journals: ArchiveSources;
  goals: ArchiveSources;
}): ArchiveSources {
  if (from.journals === from.goals) return from.journals;
  return {
    exportJournals: (ask, range) => from.journals.exportJournals(ask, range),
    importJournals: (ask, part, options) => from.journals.importJournals(ask, part, options),
    exportGoals: (ask) => from.goals.exportGoals(ask),
    importGoals: (ask, part, options) => from.goals.importGoals(ask, part, options),
    ready: async () => {
      await Promise.all([from.journals.ready(), from.goals.ready()]);
    },
    async close() {
      await Promise.all([from.journals.close(), from.goals.close()]);
    },
  };
}
