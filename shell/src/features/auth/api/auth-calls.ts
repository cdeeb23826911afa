import { api, isApiError } from '@dayframe/web-kit';
import type { AuthResponse, PasswordChangeRequest } from '@dayframe/contracts';
import { AUTH_MESSAGES } from '../messages.ts';

export function sendCode(email: string): Promise<unknown> {
  return api.post('/auth/otp/send', { email });
}

export function verifyCode(email: string, otp: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/otp/verify', { email, otp });
}

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
  if (isApiError(error, 429)) return AUTH_MESSAGES.screenTooManyAttempts;
  if (isApiError(error, 503)) return AUTH_MESSAGES.screenBusy;
  return null;
}

/** Spec §8, send code: the server's text, else the 429 text, else a generic failure. */
export function sendCodeErrorMessage(error: unknown, { forgotScreen = false } = {}): string {
  if (forgotScreen && isApiError(error, 404)) return AUTH_MESSAGES.noUserForCode;
  if (isApiError(error, 503)) return AUTH_MESSAGES.screenBusy;
  if (isApiError(error) && error.fromServer) return error.message;
  if (isApiError(error, 429)) return AUTH_MESSAGES.codeCooldown;
  return AUTH_MESSAGES.codeSendFailed;
}

/** Spec §8, verify: 400 and 429 have fixed texts; otherwise the server's text or a generic one. */
export function verifyErrorMessage(error: unknown): string {
  if (isApiError(error, 400)) return AUTH_MESSAGES.codeInvalid;
  // A burnt code has its own advice; any other 429 (this address tried too many codes) waits.
  if (isApiError(error, 429) && error.code === 'too_many_code_guesses')
    return AUTH_MESSAGES.screenTooManyAttempts;
  if (isApiError(error, 429)) return AUTH_MESSAGES.codeAttemptsExceeded;
  if (isApiError(error, 503)) return AUTH_MESSAGES.screenBusy;
  if (isApiError(error) && error.fromServer) return error.message;
  return AUTH_MESSAGES.verificationFailed;
}
