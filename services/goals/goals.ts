import { randomUUID } from 'node:crypto';
import { GOAL_MESSAGES, isRecordId, type Goal, type MessageResponse } from '@dayframe/contracts';
import { conflict, notFound, quotaExceeded, type Clock, type Knex } from '@dayframe/service-kit';
import {
  completeGoalRow,
  deleteGoalRow,
  findCompletedGoals,
  findDueGoals,
  findGoal,
  insertGoal,
} from './data/goal-repo.ts';
import type { GoalsQuotas } from './quotas.ts';

export type GoalsContext = { db: Knex; clock: Clock; quotas: GoalsQuotas };

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
  ctx: GoalsContext,
  userId: string,
  input: { title: string; description: string; dateDue: string; dateSet?: string | undefined },
): Promise<Goal> {
  const goal = {
    id: randomUUID(),
    userId,
    title: input.title,
    description: input.description,
    dateSet: input.dateSet ?? utcToday(ctx.clock),
    dateDue: input.dateDue,
    createdAt: new Date(ctx.clock.now()).toISOString(),
  };
  if (!(await insertGoal(ctx.db, goal, ctx.quotas.goals)))
    throw quotaExceeded(ctx.quotas.goals, 'goals');
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

export function listDueGoals(ctx: GoalsContext, userId: string): Promise<Goal[]> {
  return findDueGoals(ctx.db, userId);
}

export function listCompletedGoals(ctx: GoalsContext, userId: string): Promise<Goal[]> {
  return findCompletedGoals(ctx.db, userId);
}

/** Marks an active goal completed on the caller's `currentDate`; a completed goal stays as it was. */
export async function completeGoal(
  ctx: GoalsContext,
  userId: string,
  id: string,
  currentDate: string,
): Promise<Goal> {
  const outcome = isRecordId(id)
    ? await completeGoalRow(ctx.db, userId, id, currentDate)
    : 'missing';
  if (outcome === 'missing') throw goalNotFound();
  if (outcome === 'already')
    throw conflict(GOAL_MESSAGES.alreadyCompleted, 'goal_already_completed');
  const goal = await findGoal(ctx.db, userId, id);
  if (!goal) throw goalNotFound(); // deleted in the instant since
  return goal;
}

export async function deleteGoal(
  ctx: GoalsContext,
  userId: string,
  id: string,
): Promise<MessageResponse> {
  if (!isRecordId(id) || !(await deleteGoalRow(ctx.db, userId, id))) throw goalNotFound();
  return { message: GOAL_MESSAGES.deleted };
}
