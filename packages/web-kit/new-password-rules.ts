import { LIMITS, MESSAGES } from '@dayframe/contracts';

/** Spec §5: non-digits are stripped from a code. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The first rule of spec §5 a code-and-new-password form breaks (forgot password, settings), or
 * null: the same checks the server makes, so nothing doomed is sent.
 */
export function newPasswordProblem(code: string, password: string, confirm: string): string | null {
  if (digitsOnly(code).length < 6) return MESSAGES.codeInvalidFormat;
  if (password !== confirm) return MESSAGES.passwordsMustMatch;
  if (password.length < LIMITS.passwordMin) return MESSAGES.passwordTooShort;
  if (password.length > LIMITS.passwordMax) return MESSAGES.passwordTooLong;
  return null;
}
