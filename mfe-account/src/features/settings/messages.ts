import { LIMITS, MESSAGES } from '@dayframe/contracts';

/** Every message the settings screen shows, in the spec's words (§5, §8) where it has them. */
export const SETTINGS_MESSAGES = {
  ...MESSAGES,
  passwordsMustMatch: 'Passwords must match',
  codeSendFailed: 'Failed to send code',
  verificationFailed: 'Verification failed.',
  passwordUpdateFailed: "Couldn't update your password. Try again.",
  profileMissing: 'Name and email are required',
  profileSaved: 'Information successfully saved',
  profileSaveFailed: "Couldn't save your information. Try again.",
  accountDeleteFailed: "Couldn't delete your account. Try again.",
} as const;

/** Spec §5: non-digits are stripped from a code. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** The first failed rule of spec §5 for a password change, or null. */
export function passwordChangeProblem(code: string, password: string, confirm: string) {
  if (digitsOnly(code).length < 6) return SETTINGS_MESSAGES.codeInvalidFormat;
  if (password !== confirm) return SETTINGS_MESSAGES.passwordsMustMatch;
  if (password.length < LIMITS.passwordMin) return SETTINGS_MESSAGES.passwordTooShort;
  if (password.length > LIMITS.passwordMax) return SETTINGS_MESSAGES.passwordTooLong;
  return null;
}

/** The first failed rule of spec §5 for a profile update against the current values, or null. */
export function profileProblem(
  current: { name: string; email: string },
  name: string,
  email: string,
): string | null {
  if (!name.trim() || !email.trim()) return SETTINGS_MESSAGES.profileMissing;
  // The server trims the name and lower-cases the address, so compare what it would store.
  if (name.trim() === current.name && email.trim().toLowerCase() === current.email.toLowerCase())
    return SETTINGS_MESSAGES.profileUnchanged;
  return null;
}
