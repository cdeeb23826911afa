import { randomUUID } from 'node:crypto';
import type { ProfileUpdateResponse } from '@dayframe/contracts';
import { MAIL_QUEUE, MESSAGES, type EmailChangedMailJob } from '@dayframe/contracts';
import type { AuthUser } from '@dayframe/service-kit';
import { badRequest, forbidden, HttpError, unauthorized } from '@dayframe/service-kit';
import type { IdentityContext } from './context.ts';
import { requireRecentCode } from './recent-code.ts';
import { issueSession, signInOf } from './session.ts';

/**
 * Renames and re-addresses the caller. A new address is a takeover path (verify it, then reset
 * the password), so it needs a recent code from the current address, like a password change;
 * the old address is told, every other session is retired and the new address is verified
 * again. A rename alone needs only the session.
 */
export async function updateProfile(
  ctx: IdentityContext,
  caller: AuthUser,
  input: { name: string; email: string },
): Promise<ProfileUpdateResponse> {
  const userId = caller.id;
  const current = await ctx.users.findById(userId);
  if (!current) throw unauthorized();
  if (current.name === input.name && current.email === input.email)
    throw badRequest(MESSAGES.profileUnchanged, 'unchanged');
  const emailChanged = current.email !== input.email;
  // A taken address is refused first, as before: login already tells who has an account.
  if (emailChanged && (await ctx.users.findByEmail(input.email)))
    throw forbidden(MESSAGES.emailInUseProfile, 'email_in_use');
  if (emailChanged) requireRecentCode(ctx, caller, MESSAGES.emailNeedsCode);
  try {
    await ctx.users.updateProfile(userId, { ...input, emailChanged }, MESSAGES.emailInUseProfile);
  } catch (error) {
    // The unique key settles a race with a concurrent sign-up; the spec answers it with a 403.
    if (error instanceof HttpError && error.code === 'email_in_use')
      throw forbidden(MESSAGES.emailInUseProfile, 'email_in_use');
    throw error;
  }
  if (emailChanged) {
    await ctx.codes.forgetForNewAddress(userId);
    await ctx.users.bumpSessionVersion(userId);
    const notice: EmailChangedMailJob = {
      kind: 'email-changed',
      to: current.email,
      name: current.name,
      newEmail: input.email,
    };
    // The change is made; a notice that cannot be queued now is logged, not turned into an error.
    await ctx.jobs
      .add(MAIL_QUEUE, notice, { jobId: randomUUID() })
      .catch((err: Error) =>
        ctx.log.error({ userId, err: err.message }, 'e-mail change notice not queued'),
      );
    ctx.log.info({ userId }, 'e-mail address changed');
  }
  const updated = await ctx.users.findById(userId);
  if (!updated) throw unauthorized();
  const { token, user } = issueSession(ctx, updated, signInOf(caller.claims));
  return { token, updatedUser: user };
}
