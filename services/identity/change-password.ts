import { MESSAGES } from '@dayframe/contracts';
import type { AuthUser } from '@dayframe/service-kit';
import { unauthorized } from '@dayframe/service-kit';
import type { IdentityContext } from './context.ts';
import { requireRecentCode } from './recent-code.ts';
import { issueSession, signInOf } from './session.ts';

/**
 * Only a token from a code verification in the last ten minutes may change the password, so a
 * stolen session token alone cannot. The change retires every earlier token, this one included;
 * the answer carries a fresh one.
 */
export async function changePassword(ctx: IdentityContext, caller: AuthUser, newPassword: string) {
  requireRecentCode(ctx, caller, MESSAGES.passwordNeedsCode);
  await ctx.users.changePassword(caller.id, await ctx.passwords.hash(newPassword));
  const user = await ctx.users.findById(caller.id);
  if (!user) throw unauthorized();
  ctx.log.info({ userId: user._id }, 'password changed');
  return { message: MESSAGES.passwordUpdated, ...issueSession(ctx, user, signInOf(caller.claims)) };
}
