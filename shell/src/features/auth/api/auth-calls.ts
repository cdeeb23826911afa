import { api } from '@dayframe/web-kit';
import type { PasskeyRequestOptions, PasswordChangeRequest } from '@dayframe/contracts';

export function changePassword(
  newPassword: PasswordChangeRequest['newPassword'],
): Promise<unknown> {
  return api.put('/user/password', { newPassword });
}

/** Options for a passkey with no e-mail first (the button, and the e-mail field's autofill). */
export function passkeySignInOptions(signal?: AbortSignal): Promise<PasskeyRequestOptions> {
  return api.post<PasskeyRequestOptions>('/auth/passkeys/sign-in-options', {}, { signal });
}

/** Options for a passkey as the second step of a password login (its challenge's account). */
export function passkeyOptionsForLogin(challenge: string): Promise<PasskeyRequestOptions> {
  return api.post<PasskeyRequestOptions>('/auth/2fa/passkey-options', { challenge });
}
