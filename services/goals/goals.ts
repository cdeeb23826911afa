import { randomUUID } from 'node:crypto';
import { GOAL_MESSAGES, isRecordId, type Goal, type MessageResponse } from '@dayframe/contracts';
import { conflict, notFound, type Clock } from '@dayframe/service-kit/http';
import { quotaExceeded } from '@dayframe/service-kit/limits';
import {
  completeGoalRow,
  deleteGoalRow,
  findCompletedGoals,
  findDueGoals,
  findGoal,
  insertGoal,
} from './data/goal-repo.ts';
import type { GoalsScope } from './scope.ts';

function goalNotFound() {
  return notFound(GOAL_MESSAGES.notFound, 'goal_not_found');
}

/**
 * The caller's today is theirs to say (`dateSet`); the server can't know their time zone,
 * so without it the goal is set on today's UTC date.
 */
function utcToday(clock: Clock): string {
  return new Date(clock.now()).toISOString().slice(0, 10);
}

export async function createGoal(
  scope: GoalsScope,
  userId: string,
  input: { title: string; description: string; dateDue: string; dateSet?: string | undefined },
): Promise<Goal> {
  const goal = {
    id: randomUUID(),
    userId,
    title: input.title,
    description: input.description,
    dateSet: input.dateSet ?? utcToday(scope.clock),
    dateDue: input.dateDue,
    createdAt: new Date(scope.clock.now()).toISOString(),
  };
  if (!(await insertGoal(scope.db, goal, scope.quotas.goals)))
    throw quotaExceeded(scope.quotas.goals, 'goals');
  return {
    _id: goal.id,
    title: goal.title,
    description: goal.description,
    completed: false,
    dateSet: goal.dateSet,
    dateDue: goal.dateDue,
    dateComplete: null,
  };
}

export function listDueGoals(scope: GoalsScope, userId: string): Promise<Goal[]> {
  return findDueGoals(scope.db, userId);
}

export function listCompletedGoals(scope: GoalsScope, userId: string): Promise<Goal[]> {
  return findCompletedGoals(scope.db, userId);
}

/** Marks an active goal completed on the caller's `currentDate`; a completed goal stays as it was. */
export async function completeGoal(
  scope: GoalsScope,
  userId: string,
  id: string,
  currentDate: string,
): Promise<Goal> {
  const outcome = isRecordId(id)
    ? await completeGoalRow(scope.db, userId, id, currentDate)
    : 'missing';
  if (outcome === 'missing') throw goalNotFound();
  if (outcome === 'already')
    throw conflict(GOAL_MESSAGES.alreadyCompleted, 'goal_already_completed');
  const goal = await findGoal(scope.db, userId, id);
  if (!goal) throw goalNotFound(); // deleted in the instant since
  return goal;
}

export async function deleteGoal(
  scope: GoalsScope,
  userId: string,
  id: string,
): Promise<MessageResponse> {
  if (!isRecordId(id) || !(await deleteGoalRow(scope.db, userId, id))) throw goalNotFound();
  return { message: GOAL_MESSAGES.deleted };
}
