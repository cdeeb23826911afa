import { ADMIN_MESSAGES, type User } from '@dayframe/contracts';
import { badRequest, forbidden, notFound } from '@dayframe/service-kit';
import type { IdentityContext } from './context.ts';
import { deleteAccounts } from './delete-account.ts';

export async function listUsers(ctx: IdentityContext): Promise<User[]> {
  return ctx.users.list();
}

/** An admin deletes one account. Admin accounts are kept: their role must be revoked first. */
export async function deleteUser(
  ctx: IdentityContext,
  adminId: string,
  userId: string,
): Promise<{ message: string }> {
  if (userId === adminId)
    throw badRequest('Use Settings to delete your own account.', 'own_account');
  const target = await ctx.users.findById(userId);
  if (!target) throw notFound(ADMIN_MESSAGES.userNotFound, 'user_not_found');
  if (target.role === 'admin') throw forbidden(ADMIN_MESSAGES.cannotDeleteAdmin, 'admin_protected');
  await deleteAccounts(ctx, async () => [userId]);
  return { message: ADMIN_MESSAGES.userDeleted };
}

/** Delete All: every account that is not an admin's. */
export async function deleteAllUsers(
  ctx: IdentityContext,
): Promise<{ message: string; deleted: number }> {
  const deleted = await deleteAccounts(ctx, (trx) => ctx.users.nonAdminIds(trx));
  return { message: `${deleted} ${deleted === 1 ? 'user' : 'users'} deleted`, deleted };
}
