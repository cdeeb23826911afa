import { api } from '@dayframe/web-kit';
import type { CreateGoalRequest, Goal } from '@dayframe/contracts';

/** Active goals, soonest due first. */
export function listDueGoals(signal?: AbortSignal): Promise<Goal[]> {
  return api.get<Goal[]>('/goals/due', { signal });
}

/** Completed goals, latest completed first. */
export function listCompletedGoals(signal?: AbortSignal): Promise<Goal[]> {
  return api.get<Goal[]>('/goals/completed', { signal });
}

/** `dateSet` is the caller's local today: the server cannot know the user's time zone. */
export function createGoal(body: Required<CreateGoalRequest>): Promise<Goal> {
  return api.post<Goal>('/goals', body);
}

/** `currentDate` is the user's local today (spec §4). */
export function completeGoal(id: string, currentDate: string): Promise<Goal> {
  return api.put<Goal>(`/goals/${encodeURIComponent(id)}/complete`, { currentDate });
}

export function deleteGoal(id: string): Promise<unknown> {
  return api.delete(`/goals/${encodeURIComponent(id)}`);
}
