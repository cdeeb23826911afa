import { api } from '@dayframe/web-kit';
import type { EntrySearchResponse, GoalSearchResponse } from '@dayframe/contracts';

/** Entries matching `q` (journals service): best match first. */
export function searchEntries(q: string, signal?: AbortSignal, limit = 20) {
  return api.get<EntrySearchResponse>('/search/entries', { query: { q, limit }, signal });
}

/** Goals matching `q` (goals service, reached through the same gateway): best match first. */
export function searchGoals(q: string, signal?: AbortSignal, limit = 20) {
  return api.get<GoalSearchResponse>('/search/goals', { query: { q, limit }, signal });
}
