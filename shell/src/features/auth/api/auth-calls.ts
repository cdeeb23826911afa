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

/** Spec §8, send code: the server's text, else the 429 text, else a generic failure. */
export function sendCodeErrorMessage(error: unknown, { forgotScreen = false } = {}): string {
  if (forgotScreen && isApiError(error, 404)) return AUTH_MESSAGES.noUserForCode;
  if (isApiError(error) && error.fromServer) return error.message;
  if (isApiError(error, 429)) return AUTH_MESSAGES.codeCooldown;
  return AUTH_MESSAGES.codeSendFailed;
}

/** Spec §8, verify: 400 and 429 have fixed texts; otherwise the server's text or a generic one. */
export function verifyErrorMessage(error: unknown): string {
  if (isApiError(error, 400)) return AUTH_MESSAGES.codeInvalid;
  if (isApiError(error, 429)) return AUTH_MESSAGES.codeAttemptsExceeded;
  if (isApiError(error) && error.fromServer) return error.message;
  return AUTH_MESSAGES.verificationFailed;
}
