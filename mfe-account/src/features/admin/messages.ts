/** What the admin screen says besides the server's words, in the product's words. */
export const ADMIN_TEXT = {
  loadFailed: 'Failed to load users',
  deleteFailed: 'Failed to delete user',
  deleteAllFailed: 'Failed to delete users',
} as const;
