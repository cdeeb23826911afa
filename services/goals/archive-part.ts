import { createHash, randomUUID } from 'node:crypto';
import type { GoalsExport, GoalsImport, GoalsImportCounts } from '@dayframe/contracts';
import { quotaExceeded } from '@dayframe/service-kit';
import type { GoalsScope } from './scope.ts';
import { allGoalsOf, insertImportedGoals, type NewGoalRow } from './data/archive-repo.ts';

/** The user's goals for the archive's export (a date range limits entries only). */
export async function exportGoals(
  scope: GoalsScope,
  userId: string,
  _range: { from?: string; to?: string } = {},
): Promise<GoalsExport> {
  return { goals: await allGoalsOf(scope.db, userId) };
}

/** A goal is the same goal when its title, description and dates are. */
function goalKey(goal: {
  title: string;
  description: string;
  dateSet: string;
  dateDue: string;
}): string {
  return createHash('sha256')
    .update([goal.title, goal.description, goal.dateSet, goal.dateDue].join('\0'))
    .digest('base64url');
}

/**
 * Adds the goals the user does not have yet (matched by id among the user's own, else by
 * title, description and dates), in one transaction, so a repeated import creates nothing.
 * Past the quota nothing is written (409). `dryRun` answers the counts without writing.
 */
export async function importGoals(
  scope: GoalsScope,
  userId: string,
  part: GoalsImport,
  options: { dryRun?: boolean } = {},
): Promise<GoalsImportCounts> {
  return scope.db.transaction(async (trx) => {
    const existing = await allGoalsOf(trx, userId);
    const ids = new Set(existing.map((goal) => goal._id));
    const keys = new Set(existing.map(goalKey));
    const now = new Date(scope.clock.now()).toISOString();
    const rows: NewGoalRow[] = [];
    let skipped = 0;
    for (const goal of part.goals) {
      const key = goalKey(goal);
      if ((goal._id && ids.has(goal._id)) || keys.has(key)) {
        skipped += 1;
        continue;
      }
      keys.add(key);
      rows.push({
        id: randomUUID(),
        user_id: userId,
        title: goal.title,
        description: goal.description,
        completed: goal.completed,
        date_set: goal.dateSet,
        date_due: goal.dateDue,
        date_complete: goal.dateComplete,
        created_at: now,
      });
    }
    if (existing.length + rows.length > scope.quotas.goals)
      throw quotaExceeded(scope.quotas.goals, 'goals');
    if (!options.dryRun) await insertImportedGoals(trx, rows);
    return { goals: { created: rows.length, skipped } };
  });
}
