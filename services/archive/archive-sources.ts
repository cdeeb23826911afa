import type { Readable } from 'node:stream';
import type {
  MediaExport,
  MediaImportCheck,
  MediaImported,
  EntriesExportPage,
  GoalsExportPage,
  GoalsImport,
  GoalsImportCounts,
  JournalsExport,
  JournalsImport,
  JournalsImportCounts,
  ImportUndone,
  ExportedSignIn,
} from '@dayframe/contracts';

/** Which page of a journal's entries: `after` is the `next` of the page before (none: the first). */
export type EntriesPageAsk = {
  journalId: string;
  from?: string;
  to?: string;
  after?: string;
  limit: number;
};
/** Which page of the goals. */
export type GoalsPageAsk = { after?: string; limit: number };

/**
 * One of an import's two phases at an owner: the dry run (counts and quotas, nothing written),
 * or the commit of one import, every row it writes tagged with `importId` so it can be undone.
 */
export type ImportStep = { dryRun: true } | { dryRun: false; importId: string };

/** One file for media to store: its bytes as a stream, their sha256, and how to stop reading it. */
export type MediaUpload = { file: Readable; sha256?: string; stop(): void };

/** One archive call on behalf of one signed-in caller. */
export type ArchiveAsk = {
  userId: string;
  /** Passed on by an HTTP source, so the owner reads and writes the token's user's rows only. */
  token: string;
  requestId?: string;
};

/**
 * Where an archive's parts live: journals owns journals and entries, goals owns goals, media
 * owns the files, identity says which sign-in methods the account has on. The
 * archive knows only this interface; the composition root picks `inProcessSources` (embedded)
 * or `httpSources` (distributed), per part.
 */
export type ArchiveSources = {
  /** The caller's journals (without entries), oldest first. */
  exportJournals(ask: ArchiveAsk): Promise<JournalsExport>;
  /** One page of a journal's entries; read them all by following `next` until it is null. */
  exportEntries(ask: ArchiveAsk, page: EntriesPageAsk): Promise<EntriesExportPage>;
  /** One page of the goals: active ones, then completed ones. */
  exportGoals(ask: ArchiveAsk, page: GoalsPageAsk): Promise<GoalsExportPage>;
  importJournals(
    ask: ArchiveAsk,
    part: JournalsImport,
    step: ImportStep,
  ): Promise<JournalsImportCounts>;
  importGoals(ask: ArchiveAsk, part: GoalsImport, step: ImportStep): Promise<GoalsImportCounts>;
  /** Takes back what the commit of `importId` wrote at journals (idempotent: none is fine). */
  undoJournalsImport(ask: ArchiveAsk, importId: string): Promise<ImportUndone>;
  /** The same at goals. */
  undoGoalsImport(ask: ArchiveAsk, importId: string): Promise<ImportUndone>;
  /** Every file of the caller (media's list; the files are read one at a time by `openMedia`). */
  exportMedia(ask: ArchiveAsk): Promise<MediaExport>;
  /** One of the caller's files as uploaded. */
  openMedia(ask: ArchiveAsk, id: string): Promise<Readable>;
  /** Would these files fit in the caller's quota (409 if not)? Nothing is stored. */
  checkMediaImport(ask: ArchiveAsk, check: MediaImportCheck): Promise<{ newBytes: number }>;
  /** Stores one file for the caller, or answers the id of the same bytes already held. */
  importMedia(ask: ArchiveAsk, upload: MediaUpload): Promise<MediaImported>;
  /** Which sign-in methods the caller has on (identity's; whether and how many, no secret). */
  exportSignIn(ask: ArchiveAsk): Promise<ExportedSignIn>;
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

/**
 * Journals', goals', media's and identity's parts each from its own implementation (mixed
 * topology); identity's from journals' source when not given.
 */
export function pickSources(from: {
  journals: ArchiveSources;
  goals: ArchiveSources;
  media: ArchiveSources;
  identity?: ArchiveSources;
}): ArchiveSources {
  const identity = from.identity ?? from.journals;
  if (from.journals === from.goals && from.goals === from.media && identity === from.journals)
    return from.journals;
  const all = [...new Set([from.journals, from.goals, from.media, identity])];
  return {
    exportJournals: (ask) => from.journals.exportJournals(ask),
    exportEntries: (ask, page) => from.journals.exportEntries(ask, page),
    importJournals: (ask, part, step) => from.journals.importJournals(ask, part, step),
    undoJournalsImport: (ask, importId) => from.journals.undoJournalsImport(ask, importId),
    exportGoals: (ask, page) => from.goals.exportGoals(ask, page),
    importGoals: (ask, part, step) => from.goals.importGoals(ask, part, step),
    undoGoalsImport: (ask, importId) => from.goals.undoGoalsImport(ask, importId),
    exportMedia: (ask) => from.media.exportMedia(ask),
    openMedia: (ask, id) => from.media.openMedia(ask, id),
    checkMediaImport: (ask, check) => from.media.checkMediaImport(ask, check),
    importMedia: (ask, upload) => from.media.importMedia(ask, upload),
    exportSignIn: (ask) => identity.exportSignIn(ask),
    ready: async () => {
      await Promise.all(all.map((source) => source.ready()));
    },
    async close() {
      await Promise.all(all.map((source) => source.close()));
    },
  };
}
