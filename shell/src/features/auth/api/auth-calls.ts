import { api, isApiError } from '@dayframe/web-kit';
import type { PasswordChangeRequest } from '@dayframe/contracts';
import { AUTH_TEXT } from '../messages.ts';

export function changePassword(
  newPassword: PasswordChangeRequest['newPassword'],
): Promise<unknown> {
  return api.put('/user/password', { newPassword });
}

/**
 * Issue 14: the spec shows nothing for other login and sign-up errors, but a person refused for
 * trying too often, or turned away while the server is busy, needs to know why and what to do.
 */
export function limitMessage(error: unknown): string | null {
  if (isApiError(error, 429)) return AUTH_TEXT.screenTooManyAttempts;
  if (isApiError(error, 503)) return AUTH_TEXT.screenBusy;
  return null;
}
