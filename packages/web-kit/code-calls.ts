import { MESSAGES, type AuthResponse } from '@dayframe/contracts';
import { api } from './api-client.ts';
import { isApiError } from './api-error.ts';
import { digitsOnly } from './new-password-rules.ts';

/** What the code screens say besides the server's words, in the product's words. */
const CODE_TEXT = {
  sendFailed: 'Failed to send code',
  verifyFailed: 'Verification failed.',
} as const;

/**
 * Mails a 6-digit code to `email`: sign-up's verification, the forgotten password, and the
 * settings' password and e-mail changes all ask for one this way.
 */
export function sendCode(email: string): Promise<unknown> {
  return api.post('/auth/otp/send', { email });
}

/**
 * Checks a mailed code (as typed: non-digits dropped, the first six kept); the token it answers
 * is a session, and may change the password.
 */
export function verifyCode(email: string, code: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/otp/verify', { email, otp: digitsOnly(code).slice(0, 6) });
}

/**
 * Send code: the server's text, else the 429 text, else a generic failure. The forgot screen
 * says an unknown address in its own words; a busy server asks for a moment.
 */
export function sendCodeErrorMessage(error: unknown, { forgotScreen = false } = {}): string {
  if (forgotScreen && isApiError(error, 404)) return MESSAGES.noUserForCode;
  if (isApiError(error, 503)) return MESSAGES.screenBusy;
  if (isApiError(error) && error.fromServer) return error.message;
  if (isApiError(error, 429)) return MESSAGES.codeCooldown;
  return CODE_TEXT.sendFailed;
}

/** Verify: 400 and 429 have fixed texts; otherwise the server's text or a generic one. */
export function verifyErrorMessage(error: unknown): string {
  if (isApiError(error, 400)) return MESSAGES.codeInvalid;
  // A burnt code has its own advice; any other 429 (this address tried too many codes) waits.
  if (isApiError(error, 429) && error.code === 'too_many_code_guesses')
    return MESSAGES.screenTooManyAttempts;
  if (isApiError(error, 429)) return MESSAGES.codeAttemptsExceeded;
  if (isApiError(error, 503)) return MESSAGES.screenBusy;
  if (isApiError(error) && error.fromServer) return error.message;
  return CODE_TEXT.verifyFailed;
}
