import { isApiError } from '@dayframe/web-kit';

/** What the admin screen says besides the server's words, in the product's words. */
export const ADMIN_TEXT = {
  loadFailed: 'Failed to load users',
  deleteFailed: 'Failed to delete user',
  deleteAllFailed: 'Failed to delete users',
} as const;

/** Spec §8, admin: the server's message when it sent one, else `fallback`. */
export function adminErrorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer ? error.message : fallback;
}
