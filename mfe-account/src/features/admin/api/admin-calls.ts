import { api, isApiError } from '@dayframe/web-kit';
import type { DeleteAllResponse, MessageResponse } from '@dayframe/contracts';
import type { ListedUser } from '../users-view.ts';

export const ADMIN_UI_MESSAGES = {
  loadFailed: 'Failed to load users',
  deleteFailed: 'Failed to delete user',
  deleteAllFailed: 'Failed to delete users',
} as const;

export function listUsers(signal?: AbortSignal): Promise<ListedUser[]> {
  return api.get<ListedUser[]>('/admin/users', { signal });
}

export function deleteUser(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/users/${encodeURIComponent(id)}`);
}

/** Delete All: every account that is not an admin's. */
export function deleteAllUsers(): Promise<DeleteAllResponse> {
  return api.delete<DeleteAllResponse>('/admin/users');
}

/** Spec §8, admin: the server's message when it sent one, else `fallback`. */
export function adminErrorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer ? error.message : fallback;
}
