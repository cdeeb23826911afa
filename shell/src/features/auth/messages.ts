import { MESSAGES } from '@dayframe/contracts';

/** Every message the auth screens show, in the spec's words (§5, §8). */
export const AUTH_MESSAGES = {
  ...MESSAGES,
  passwordsMustMatch: 'Passwords must match',
  forgotEmailMissing: 'Please fill out email',
  codeSendFailed: 'Failed to send code',
  verificationFailed: 'Verification failed.',
  emailVerified: 'Email verified!',
  passwordResetDone: 'Password updated, Try to login now',
} as const;

/** Loose on purpose: the server has the last word; this only catches obvious typos early. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** Spec §5: non-digits are stripped from a code. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}
