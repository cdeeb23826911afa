import { api } from '@dayframe/web-kit';
import type {
  MessageResponse,
  Passkey,
  PasskeyAddRequest,
  PasskeyCreationOptions,
  RecoveryCodesResponse,
  SignInSecurity,
  TotpSetupResponse,
} from '@dayframe/contracts';

/**
 * Settings → Sign-in and security (issue 28). The calls marked "confirmed" in the contract are
 * refused with `reauth_required` until the person confirms it is them: `api` opens "Confirm
 * it's you" by itself and sends them again.
 */
export function getSignInSecurity(signal?: AbortSignal): Promise<SignInSecurity> {
  return api.get<SignInSecurity>('/auth/2fa', { signal });
}

export function passkeyRegisterOptions(): Promise<PasskeyCreationOptions> {
  return api.post<PasskeyCreationOptions>('/auth/passkeys/register-options', {});
}

export function addPasskey(body: PasskeyAddRequest): Promise<Passkey> {
  return api.post<Passkey>('/auth/passkeys', body);
}

export function renamePasskey(id: string, name: string): Promise<Passkey> {
  return api.request<Passkey>('PATCH', `/auth/passkeys/${encodeURIComponent(id)}`, {
    body: { name },
  });
}

export function removePasskey(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/auth/passkeys/${encodeURIComponent(id)}`);
}

export function startTotpSetup(): Promise<TotpSetupResponse> {
  return api.post<TotpSetupResponse>('/auth/2fa/totp/setup', {});
}

export function enableTotp(code: string): Promise<RecoveryCodesResponse> {
  return api.post<RecoveryCodesResponse>('/auth/2fa/totp/enable', { code });
}

export function disableTotp(): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/2fa/totp/disable', {});
}

export function newRecoveryCodes(): Promise<RecoveryCodesResponse> {
  return api.post<RecoveryCodesResponse>('/auth/2fa/recovery-codes', {});
}
