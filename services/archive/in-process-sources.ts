import { HttpError } from '@dayframe/service-kit/http';
import { SourceDown, type ArchiveAsk, type ArchiveSources } from './archive-sources.ts';

/** An owner's side of a source call: the caller's user id in place of the whole ask. */
type ByUser<F> = F extends (ask: ArchiveAsk, ...rest: infer A) => infer R
  ? (userId: string, ...rest: A) => R
  : never;

/** What the owners mounted in this process answer; a part not mounted here is left out. */
type Owners = {
  [Call in Exclude<keyof ArchiveSources, 'ready' | 'close'>]?: ByUser<ArchiveSources[Call]>;
} & {
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
 * The sources in the embedded topology: plain calls into the journals, goals, media and identity modules
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
    importJournals: ({ userId }, part, step) =>
      call('journals', o.importJournals && (() => o.importJournals!(userId, part, step))),
    undoJournalsImport: ({ userId }, importId) =>
      call('journals', o.undoJournalsImport && (() => o.undoJournalsImport!(userId, importId))),
    exportGoals: ({ userId }, page) =>
      call('goals', o.exportGoals && (() => o.exportGoals!(userId, page))),
    importGoals: ({ userId }, part, step) =>
      call('goals', o.importGoals && (() => o.importGoals!(userId, part, step))),
    undoGoalsImport: ({ userId }, importId) =>
      call('goals', o.undoGoalsImport && (() => o.undoGoalsImport!(userId, importId))),
    exportMedia: ({ userId }) => call('media', o.exportMedia && (() => o.exportMedia!(userId))),
    openMedia: ({ userId }, id) => call('media', o.openMedia && (() => o.openMedia!(userId, id))),
    checkMediaImport: ({ userId }, check) =>
      call('media', o.checkMediaImport && (() => o.checkMediaImport!(userId, check))),
    importMedia: ({ userId }, upload) =>
      call('media', o.importMedia && (() => o.importMedia!(userId, upload))),
    exportSignIn: ({ userId }) =>
      call('identity', o.exportSignIn && (() => o.exportSignIn!(userId))),
    ready: owners.ready,
    close: async () => undefined,
  };
}
