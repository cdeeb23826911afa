import { api, createApiClient, isApiError } from '@dayframe/web-kit';
import type {
  AuthResponse,
  MessageResponse,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  ProfileUpdateResponse,
  User,
} from '@dayframe/contracts';
import { SETTINGS_MESSAGES } from '../messages.ts';

export function sendCode(email: string): Promise<unknown> {
  return api.post('/auth/otp/send', { email });
}

/** Checks a mailed code; the token it answers may change the password for ten minutes. */
export function verifyCode(email: string, otp: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/otp/verify', { email, otp });
}

/**
 * Sets the password with the token a code check just answered (not the stored one, which the
 * server refuses for this call). Every older token is retired; the answer carries the new one.
 */
export function changePassword(
  codeToken: string,
  newPassword: PasswordChangeRequest['newPassword'],
): Promise<{ message: string; token: string; user: User }> {
  return createApiClient({ getToken: () => codeToken }).put('/user/password', { newPassword });
}

/**
 * Saves the name and e-mail. A new e-mail needs the token a code check just answered (sent to
 * the current address), as a password change does; a rename goes with the stored session.
 */
export function updateProfile(
  body: ProfileUpdateRequest,
  codeToken?: string,
): Promise<ProfileUpdateResponse> {
  const client = codeToken ? createApiClient({ getToken: () => codeToken }) : api;
  return client.put<ProfileUpdateResponse>('/user/update', body);
}

export function deleteAccount(): Promise<MessageResponse> {
  return api.delete<MessageResponse>('/user/delete');
}

/** Spec §8, send code: the server's text, else the 429 text, else a generic failure. */
export function sendCodeErrorMessage(error: unknown): string {
  if (isApiError(error) && error.fromServer) return error.message;
  if (isApiError(error, 429)) return SETTINGS_MESSAGES.codeCooldown;
  return SETTINGS_MESSAGES.codeSendFailed;
}

/** Spec §8, verify: 400 and 429 have fixed texts; otherwise the server's text or a generic one. */
export function verifyErrorMessage(error: unknown): string {
  if (isApiError(error, 400)) return SETTINGS_MESSAGES.codeInvalid;
  if (isApiError(error, 429) && error.code === 'too_many_code_guesses')
    return SETTINGS_MESSAGES.screenTooManyAttempts;
  if (isApiError(error, 429)) return SETTINGS_MESSAGES.codeAttemptsExceeded;
  if (isApiError(error, 503)) return SETTINGS_MESSAGES.screenBusy;
  if (isApiError(error) && error.fromServer) return error.message;
  return SETTINGS_MESSAGES.verificationFailed;
}

/** Spec §8, profile: 403 is a taken address; anything else says what the server said. */
export function profileErrorMessage(error: unknown): string {
  if (isApiError(error, 403) && error.code === 'code_required') return error.message;
  if (isApiError(error, 403)) return SETTINGS_MESSAGES.emailInUseProfile;
  if (isApiError(error) && error.fromServer && error.status < 500) return error.message;
  return SETTINGS_MESSAGES.profileSaveFailed;
}

/** The server's own words for a failure when it has them, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.status < 500 ? error.message : fallback;
}
