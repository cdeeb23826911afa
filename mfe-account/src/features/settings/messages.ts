import { MESSAGES } from '@dayframe/contracts';
import { isApiError } from '@dayframe/web-kit';

/** Every message the settings screen shows, in the spec's words (§5, §8) where it has them. */
export const SETTINGS_TEXT = {
  ...MESSAGES,
  passwordUpdateFailed: "Couldn't update your password. Try again.",
  profileMissing: 'Name and email are required',
  profileSaved: 'Information successfully saved',
  profileSaveFailed: "Couldn't save your information. Try again.",
  accountDeleteFailed: "Couldn't delete your account. Try again.",
  mediaUsageLoading: 'Adding up your photos and files…',
  mediaUsageFailed: "Couldn't load how much space your photos and files use.",
} as const;

/** The first failed rule of spec §5 for a profile update against the current values, or null. */
export function profileProblem(
  current: { name: string; email: string },
  name: string,
  email: string,
): string | null {
  if (!name.trim() || !email.trim()) return SETTINGS_TEXT.profileMissing;
  // The server trims the name and lower-cases the address, so compare what it would store.
  if (name.trim() === current.name && email.trim().toLowerCase() === current.email.toLowerCase())
    return SETTINGS_TEXT.profileUnchanged;
  return null;
}

/** Spec §8, profile: 403 is a taken address; anything else says what the server said. */
export function profileErrorMessage(error: unknown): string {
  if (isApiError(error, 403) && error.code === 'code_required') return error.message;
  if (isApiError(error, 403)) return SETTINGS_TEXT.emailInUseProfile;
  return serverMessage(error, SETTINGS_TEXT.profileSaveFailed);
}

/** The server's own words for a failure when it has them, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.status < 500 ? error.message : fallback;
}
