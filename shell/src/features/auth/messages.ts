import { MESSAGES } from '@dayframe/contracts';
import { isApiError } from '@dayframe/web-kit';

/** Every message the auth screens show, in the spec's words (§5, §8). */
export const AUTH_TEXT = {
  ...MESSAGES,
  forgotEmailMissing: 'Please fill out email',
  emailVerified: 'Email verified!',
  passwordResetDone: 'Password updated, Try to login now',
} as const;

/** Loose on purpose: the server has the last word; this only catches obvious typos early. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
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
