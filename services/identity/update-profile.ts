import type { ProfileUpdateResponse } from '@dayframe/contracts';
import { MESSAGES } from '@dayframe/contracts';
import { badRequest, forbidden, HttpError, unauthorized } from '@dayframe/service-kit';
import type { IdentityContext } from './context.ts';
import { issueSession } from './session.ts';

/** Renames and re-addresses the caller; a new address sends them through verification again. */
export async function updateProfile(
  ctx: IdentityContext,
  userId: string,
  input: { name: string; email: string },
): Promise<ProfileUpdateResponse> {
  const current = await ctx.users.findById(userId);
  if (!current) throw unauthorized();
  if (current.name === input.name && current.email === input.email)
    throw badRequest(MESSAGES.profileUnchanged, 'unchanged');
  const emailChanged = current.email !== input.email;
  if (emailChanged && (await ctx.users.findByEmail(input.email)))
    throw forbidden(MESSAGES.emailInUseProfile, 'email_in_use');
  try {
    await ctx.users.updateProfile(userId, { ...input, emailChanged }, MESSAGES.emailInUseProfile);
  } catch (error) {
    // The unique key settles a race with a concurrent sign-up; the spec answers it with a 403.
    if (error instanceof HttpError && error.code === 'email_in_use')
      throw forbidden(MESSAGES.emailInUseProfile, 'email_in_use');
    throw error;
  }
  if (emailChanged) await ctx.codes.forgetForNewAddress(userId);
  const updated = await ctx.users.findById(userId);
  if (!updated) throw unauthorized();
  const { token, user } = issueSession(ctx, updated);
  return { token, updatedUser: user };
}
