import { MESSAGES } from '@dayframe/contracts';
import type { AuthUser } from '@dayframe/service-kit';
import { forbidden, unauthorized } from '@dayframe/service-kit';
import type { IdentityContext } from './context.ts';
import { PASSWORD_CHANGE_WINDOW_MS } from './codes.ts';
import { issueSession } from './session.ts';

/**
 * Only a token from a code verification in the last ten minutes may change the password, so a
 * stolen session token alone cannot. The change retires every earlier token, this one included;
 * the answer carries a fresh one.
 */
export async function changePassword(ctx: IdentityContext, caller: AuthUser, newPassword: string) {
  const verifiedAt = caller.claims.otp;
  if (verifiedAt === undefined || ctx.clock.now() - verifiedAt * 1000 > PASSWORD_CHANGE_WINDOW_MS) {
    throw forbidden(MESSAGES.passwordNeedsCode, 'code_required');
  }
  await ctx.users.changePassword(caller.id, await ctx.passwords.hash(newPassword));
  const user = await ctx.users.findById(caller.id);
  if (!user) throw unauthorized();
  ctx.log.info({ userId: user._id }, 'password changed');
  return { message: MESSAGES.passwordUpdated, ...issueSession(ctx, user) };
}
