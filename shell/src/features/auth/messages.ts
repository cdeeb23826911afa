import { MESSAGES } from '@dayframe/contracts';

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
