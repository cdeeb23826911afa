import { randomUUID } from 'node:crypto';
import type { GoalsImportCounts, ImportCounts, JournalsImportCounts } from '@dayframe/contracts';
import type { Logger } from '@dayframe/service-kit/http';
import type { ArchiveAsk, ArchiveSources } from './archive-sources.ts';
import type { ImportPlan } from './import-plan.ts';

/** One owner's part of an import: written under the import's id, or taken back. */
type Part = {
  name: 'journals' | 'goals';
  commit(): Promise<Partial<ImportCounts>>;
  undo(): Promise<unknown>;
};

/**
 * Writes a planned import so that journals and goals either both keep their part or neither
 * does (decision 41). First both owners check it (a dry run: quotas, and both answering; a
 * refusal there writes nothing anywhere). Then each commits its part, in turn, tagged with one
 * new import id; when a commit fails (a refusal such as a quota filled in the meantime, an
 * error, a lost answer, the owner down) every part tried so far is undone by that id, the one
 * that failed included (its answer may have been lost after it wrote), and the failure is the
 * answer. An undo that fails too is logged with the import id; the rows it leaves are found by
 * the unique keys when the same file is imported again, so that retry still ends whole.
 */
export async function writeBothParts(
  sources: ArchiveSources,
  ask: ArchiveAsk,
  planned: ImportPlan,
  log: Logger,
  /** Runs once both dry runs passed, before any commit: the plan to commit (media stored). */
  beforeCommit: (plan: ImportPlan) => Promise<ImportPlan> = async (plan) => plan,
): Promise<JournalsImportCounts & GoalsImportCounts> {
  await Promise.all([
    sources.importJournals(ask, planned.journals, { dryRun: true }),
    sources.importGoals(ask, planned.goals, { dryRun: true }),
  ]);
  const plan = await beforeCommit(planned);
  const importId = randomUUID();
  const step = { dryRun: false, importId } as const;
  const parts: Part[] = [
    {
      name: 'journals',
      commit: () => sources.importJournals(ask, plan.journals, step),
      undo: () => sources.undoJournalsImport(ask, importId),
    },
    {
      name: 'goals',
      commit: () => sources.importGoals(ask, plan.goals, step),
      undo: () => sources.undoGoalsImport(ask, importId),
    },
  ];
  const tried: Part[] = [];
  let counts: Partial<ImportCounts> = {};
  for (const part of parts) {
    tried.push(part);
    try {
      counts = { ...counts, ...(await part.commit()) };
    } catch (error) {
      log.warn({ importId, part: part.name, err: String(error) }, 'import part failed: undoing');
      await undoEach(tried.reverse(), importId, log);
      throw error;
    }
  }
  return counts as JournalsImportCounts & GoalsImportCounts;
}

/** Undoes each part in turn; one that cannot be undone is logged and the others still are. */
async function undoEach(parts: Part[], importId: string, log: Logger): Promise<void> {
  for (const part of parts)
    try {
      await part.undo();
    } catch (error) {
      log.error(
        { importId, part: part.name, err: String(error), cause: String((error as Error).cause) },
        'import undo failed: rows of this import stay until the same file is imported again',
      );
    }
}
