import { randomUUID } from 'node:crypto';
import type { ProfileUpdateResponse } from '@dayframe/contracts';
import { MAIL_QUEUE, MESSAGES, type EmailChangedMailJob } from '@dayframe/contracts';
import { badRequest, forbidden, HttpError, unauthorized } from '@dayframe/service-kit/http';
import type { AuthUser } from '@dayframe/service-kit/tokens';
import type { IdentityScope } from './scope.ts';
import { requireRecentCode } from './recent-code.ts';
import { issueSession, signInOf } from './session.ts';
import { forgetCodeForNewAddress } from './data/codes-repo.ts';
import {
  bumpSessionVersion,
  findUserByEmail,
  findUserById,
  updateUserProfile,
} from './data/users-repo.ts';

/**
 * Renames and re-addresses the caller. A new address is a takeover path (verify it, then reset
 * the password), so it needs a recent code from the current address, like a password change;
 * the old address is told, every other session is retired and the new address is verified
 * again. A rename alone needs only the session.
 */
export async function updateProfile(
  scope: IdentityScope,
  caller: AuthUser,
  input: { name: string; email: string },
): Promise<ProfileUpdateResponse> {
  const userId = caller.id;
  const current = await findUserById(scope.db, userId);
  if (!current) throw unauthorized();
  if (current.name === input.name && current.email === input.email)
    throw badRequest(MESSAGES.profileUnchanged, 'unchanged');
  const emailChanged = current.email !== input.email;
  // A taken address is refused before the code is asked for: login already tells who has an account.
  if (emailChanged && (await findUserByEmail(scope.db, input.email)))
    throw forbidden(MESSAGES.emailInUseProfile, 'email_in_use');
  if (emailChanged) requireRecentCode(scope, caller, MESSAGES.emailNeedsCode);
  try {
    await updateUserProfile(
      scope.db,
      scope.sessionsChanged,
      userId,
      { ...input, emailChanged },
      MESSAGES.emailInUseProfile,
    );
  } catch (error) {
    // The unique key settles a race with a concurrent sign-up; the spec answers it with a 403.
    if (error instanceof HttpError && error.code === 'email_in_use')
      throw forbidden(MESSAGES.emailInUseProfile, 'email_in_use');
    throw error;
  }
  if (emailChanged) {
    await forgetCodeForNewAddress(scope.db, userId);
    await bumpSessionVersion(scope.db, scope.sessionsChanged, userId);
    const notice: EmailChangedMailJob = {
      kind: 'email-changed',
      to: current.email,
      name: current.name,
      newEmail: input.email,
    };
    // The change is made; a notice that cannot be queued now is logged, not turned into an error.
    await scope.jobs
      .add(MAIL_QUEUE, notice, { jobId: randomUUID() })
      .catch((err: Error) =>
        scope.log.error({ userId, err: err.message }, 'e-mail change notice not queued'),
      );
    scope.log.info({ userId }, 'e-mail address changed');
  }
  const updated = await findUserById(scope.db, userId);
  if (!updated) throw unauthorized();
  const { token, user } = issueSession(scope, updated, signInOf(caller.claims));
  return { token, updatedUser: user };
}
