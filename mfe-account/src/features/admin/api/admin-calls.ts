import { api, type ApiPage } from '@dayframe/web-kit';
import type { AdminUsersSummary, DeleteAllResponse, MessageResponse } from '@dayframe/contracts';
import { PAGE_SIZE, type ListedUser } from '../users-view.ts';

/**
 * One page of the users matching `search` (the server searches and pages): the first page, or
 * the one at `next` (a path from the previous page's `Link`, which keeps the search).
 */
export function listUsers(
  search: string,
  next: string | null,
  signal?: AbortSignal,
): Promise<ApiPage<ListedUser>> {
  if (next !== null) return api.getPage<ListedUser>(next, { signal });
  return api.getPage<ListedUser>('/admin/users', {
    query: { q: search || undefined, limit: PAGE_SIZE },
    signal,
  });
}

/** How many accounts there are, verified and admins: the figures above the table. */
export function usersSummary(signal?: AbortSignal): Promise<AdminUsersSummary> {
  return api.get<AdminUsersSummary>('/admin/users/summary', { signal });
}

export function deleteUser(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/users/${encodeURIComponent(id)}`);
}

/** Delete All: every account that is not an admin's. */
export function deleteAllUsers(): Promise<DeleteAllResponse> {
  return api.delete<DeleteAllResponse>('/admin/users');
}
