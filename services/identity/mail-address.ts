import { findUserById } from './data/users-repo.ts';
import type { IdentityScope } from './scope.ts';

/**
 * Where mail about an account's own reminders goes (decision 0051): its address and name, only
 * once the address is verified (a reminder to an unconfirmed address could reach a stranger);
 * null for an account that is gone or not verified.
 */
export async function mailAddressOf(
  scope: Pick<IdentityScope, 'db'>,
  userId: string,
): Promise<{ email: string; name: string } | null> {
  const user = await findUserById(scope.db, userId);
  return user?.verified ? { email: user.email, name: user.name } : null;
}
