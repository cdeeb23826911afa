import { MESSAGES } from '@dayframe/contracts';
import { unauthorized } from '@dayframe/service-kit/http';
import type { AuthUser } from '@dayframe/service-kit/tokens';
import type { IdentityScope } from './scope.ts';
import { requireRecentCode } from './recent-code.ts';
import { issueSession, signInOf } from './session.ts';
import { changeUserPassword, findUserById } from './data/users-repo.ts';

/**
 * Only a token from a code verification in the last ten minutes may change the password, so a
 * stolen session token alone cannot. The change retires every earlier token, this one included;
 * the answer carries a fresh one.
 */
export async function changePassword(scope: IdentityScope, caller: AuthUser, newPassword: string) {
  requireRecentCode(scope, caller, MESSAGES.passwordNeedsCode);
  await changeUserPassword(
    scope.db,
    scope.sessionsChanged,
    caller.id,
    await scope.passwords.hash(newPassword),
  );
  const user = await findUserById(scope.db, caller.id);
  if (!user) throw unauthorized();
  scope.log.info({ userId: user._id }, 'password changed');
  return {
    message: MESSAGES.passwordUpdated,
    ...issueSession(scope, user, signInOf(caller.claims)),
  };
}
