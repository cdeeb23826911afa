import { z } from 'zod';
import { ADMIN_MESSAGES, type AdminUsersSummary, type ListedUser } from '@dayframe/contracts';
import {
  badRequest,
  decodeCursor,
  encodeCursor,
  forbidden,
  invalidCursor,
  notFound,
  type Page,
  type PageRequest,
} from '@dayframe/service-kit/http';
import type { IdentityScope } from './scope.ts';
import { deleteAccounts } from './delete-account.ts';
import { countUsers, findUsersPage, summariseUsers } from './data/user-list-repo.ts';
import { findUserById, nonAdminUserIds } from './data/users-repo.ts';

/** An admin-list cursor: the search it belongs to and the last user shown. */
const usersCursor = z.object({ q: z.string(), c: z.string().max(24), i: z.string().max(36) });

/**
 * One page of the users matching `search`, newest first, each with whether it has a second factor, and how many match in all (for the
 * table's 'Page X of Y'). A cursor from another search is refused rather than misapplied.
 */
export async function listUsers(
  scope: IdentityScope,
  search: string,
  page: PageRequest,
): Promise<{ page: Page<ListedUser>; total: number }> {
  const needle = search.trim().toLowerCase();
  let after: { createdAt: string; id: string } | undefined;
  if (page.cursor !== undefined) {
    const position = decodeCursor(page.cursor, usersCursor);
    if (position.q !== needle) throw invalidCursor();
    after = { createdAt: position.c, id: position.i };
  }
  const found = await findUsersPage(scope.db, needle, page.limit, after);
  const total = await countUsers(scope.db, needle);
  return {
    page: {
      items: found.users,
      next:
        found.more && found.last
          ? encodeCursor({ q: needle, c: found.last.createdAt, i: found.last.id })
          : null,
    },
    total,
  };
}

/** The figures above the admin table, over every account whatever page is shown. */
export function usersSummary(scope: IdentityScope): Promise<AdminUsersSummary> {
  return summariseUsers(scope.db);
}

/** An admin deletes one account. Admin accounts are kept: their role must be revoked first. */
export async function deleteUser(
  scope: IdentityScope,
  adminId: string,
  userId: string,
): Promise<{ message: string }> {
  if (userId === adminId)
    throw badRequest('Use Settings to delete your own account.', 'own_account');
  const target = await findUserById(scope.db, userId);
  if (!target) throw notFound(ADMIN_MESSAGES.userNotFound, 'user_not_found');
  if (target.role === 'admin') throw forbidden(ADMIN_MESSAGES.cannotDeleteAdmin, 'admin_protected');
  await deleteAccounts(scope, async () => [userId]);
  return { message: ADMIN_MESSAGES.userDeleted };
}

/** Delete All: every account that is not an admin's. */
export async function deleteAllUsers(
  scope: IdentityScope,
): Promise<{ message: string; deleted: number }> {
  const deleted = await deleteAccounts(scope, (trx) => nonAdminUserIds(trx));
  return { message: `${deleted} ${deleted === 1 ? 'user' : 'users'} deleted`, deleted };
}
