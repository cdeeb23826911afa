import { createHash, randomUUID } from 'node:crypto';
import type { GoalsExportPage, GoalsImport, GoalsImportCounts } from '@dayframe/contracts';
import { badRequest } from '@dayframe/service-kit/http';
import { quotaExceeded } from '@dayframe/service-kit/limits';
import { batchesOf } from '@dayframe/service-kit/db';
import type { GoalsScope } from './scope.ts';
import {
  goalCount,
  goalsDueOn,
  goalsPage,
  insertImportedGoals,
  ownGoalIds,
  type GoalCursor,
  type NewGoalRow,
} from './data/archive-repo.ts';

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

/** How many imported goals are compared against the database in one indexed lookup. */
const MATCH_BATCH = 500;

/**
 * Adds the goals the user does not have yet (matched by id among the user's own, else by
 * title, description and dates), in one transaction, so a repeated import creates nothing.
 * Goals are matched a batch at a time through the indexes (ids; due dates), never by reading
 * every goal of the account. Past the quota nothing is written (409). `dryRun` answers the
 * counts without writing.
 */
export async function importGoals(
  scope: GoalsScope,
  userId: string,
  part: GoalsImport,
  options: { dryRun?: boolean } = {},
): Promise<GoalsImportCounts> {
  return scope.db.transaction(async (trx) => {
    const keys = new Set<string>();
    const now = new Date(scope.clock.now()).toISOString();
    const rows: NewGoalRow[] = [];
    let skipped = 0;
    for (const batch of batchesOf(part.goals, MATCH_BATCH)) {
      const ids = await ownGoalIds(
        trx,
        userId,
        batch.flatMap((goal) => (goal._id ? [goal._id] : [])),
      );
      const stored = await goalsDueOn(trx, userId, [...new Set(batch.map((goal) => goal.dateDue))]);
      for (const goal of stored) keys.add(goalKey(goal));
      for (const goal of batch) {
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
    }
    if (rows.length && (await goalCount(trx, userId)) + rows.length > scope.quotas.goals)
      throw quotaExceeded(scope.quotas.goals, 'goals');
    if (!options.dryRun) await insertImportedGoals(trx, rows);
    return { goals: { created: rows.length, skipped } };
  });
}
