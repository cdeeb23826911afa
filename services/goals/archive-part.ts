import { randomUUID } from 'node:crypto';
import type { GoalsExportPage, GoalsImport, GoalsImportCounts } from '@dayframe/contracts';
import { badRequest } from '@dayframe/service-kit/http';
import { quotaExceeded } from '@dayframe/service-kit/limits';
import { batchesOf, transactionRetryingDeadlocks } from '@dayframe/service-kit/db';
import type { GoalsScope } from './scope.ts';
import {
  countImportedGoals,
  deleteImportedGoals,
  goalCount,
  goalsPage,
  insertImportedGoals,
  ownGoalIds,
  storedGoalHashes,
  type GoalCursor,
  type NewGoalRow,
} from './data/archive-repo.ts';
import { goalHash } from './data/goal-repo.ts';

// The cursor is opaque to the archive; here it is `<a|c>.<seq>` of the page's last goal.
const cursorText = (cursor: GoalCursor) => `${cursor.completed ? 'c' : 'a'}.${cursor.seq}`;
function parseCursor(text: string): GoalCursor {
  const match = /^([ac])\.(\d{1,15})$/.exec(text);
  if (!match) throw badRequest('after must be the next of an earlier page', 'bad_cursor');
  return { completed: match[1] === 'c', seq: Number(match[2]) };
}

/** One page of the user's goals for the archive's export (a date range limits entries only). */
export async function exportGoals(
  scope: GoalsScope,
  userId: string,
  page: { after?: string; limit: number },
): Promise<GoalsExportPage> {
  const found = await goalsPage(scope.db, userId, {
    limit: page.limit,
    after: page.after === undefined ? undefined : parseCursor(page.after),
  });
  const full = found.goals.length === page.limit && found.last;
  return { goals: found.goals, next: full ? cursorText(found.last!) : null };
}

/** How many imported goals are compared against the database in one indexed lookup. */
const MATCH_BATCH = 500;

/** How an import step runs: a dry run only counts and checks; a commit writes under its id. */
export type ImportStep = { dryRun?: boolean; importId?: string };

/**
 * Adds the goals the user does not have yet (matched by id among the user's own, else by
 * title, description and dates: its `content_hash`), in one transaction, so a repeated import
 * creates nothing. Goals are matched a batch at a time on `goals_import_key`, never by reading
 * every goal of the account. Past the quota nothing is written (409), checked before any write.
 * `dryRun` answers the counts without writing. A commit tags its goals with `importId` (see
 * undoGoalsImport) and inserts through the unique key, so an import at the same moment cannot
 * add a goal twice; `created` is what it did write.
 */
export async function importGoals(
  scope: GoalsScope,
  userId: string,
  part: GoalsImport,
  options: ImportStep = {},
): Promise<GoalsImportCounts> {
  const importId = options.dryRun ? undefined : options.importId;
  if (!options.dryRun && !importId) throw new Error('an import is written under its import id');
  return transactionRetryingDeadlocks(scope.db, async (trx) => {
    const seen = new Set<string>();
    const now = new Date(scope.clock.now()).toISOString();
    const rows: NewGoalRow[] = [];
    for (const batch of batchesOf(part.goals, MATCH_BATCH)) {
      const ids = await ownGoalIds(
        trx,
        userId,
        batch.flatMap((goal) => (goal._id ? [goal._id] : [])),
      );
      const hashed = batch.map((goal) => ({ goal, hash: goalHash(goal) }));
      const stored = await storedGoalHashes(
        trx,
        userId,
        hashed.map((h) => h.hash),
      );
      for (const { goal, hash } of hashed) {
        if ((goal._id && ids.has(goal._id)) || stored.has(hash) || seen.has(hash)) continue;
        seen.add(hash);
        rows.push({
          id: randomUUID(),
          user_id: userId,
          title: goal.title,
          description: goal.description,
          completed: goal.completed,
          date_set: goal.dateSet,
          date_due: goal.dateDue,
          date_complete: goal.dateComplete,
          content_hash: hash,
          created_at: now,
          imported: true,
          import_id: importId ?? '',
        });
      }
    }
    if (rows.length && (await goalCount(trx, userId)) + rows.length > scope.quotas.goals)
      throw quotaExceeded(scope.quotas.goals, 'goals');
    let created = rows.length;
    if (importId) {
      await insertImportedGoals(trx, rows);
      // What this import did write: another at the same moment may have written some first.
      created = await countImportedGoals(trx, userId, importId);
    }
    return { goals: { created, skipped: part.goals.length - created } };
  });
}

/**
 * Takes back the goals the import `importId` wrote (when its other part failed), and nothing
 * else. Safe to call again, or for an import that wrote nothing.
 */
export async function undoGoalsImport(
  scope: GoalsScope,
  userId: string,
  importId: string,
): Promise<{ removed: number }> {
  return { removed: await deleteImportedGoals(scope.db, userId, importId) };
}
