// Test steps shared by the passkey tests: what the Settings screen and the login screen do,
// with the test kit's software authenticator in place of the browser's.
import { expect } from 'vitest';
import { softPasskeyAuthenticator, type ApiClient } from '@dayframe/test-kit';
import { CONFIRMATION_HEADER } from '@dayframe/contracts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';

/** The harness's relying party: identity's defaults for `npm start`. */
export const ORIGIN = 'http://localhost:8080';
export const RP_ID = 'localhost';
export const PASSWORD = 'correct horse battery';

export const newAuthenticator = (origin = ORIGIN) =>
  softPasskeyAuthenticator({ origin, rpId: RP_ID });
export type Authenticator = ReturnType<typeof newAuthenticator>;

/** The step-up headers for `token`, by the password. */
export async function confirmation(api: ApiClient, token: string) {
  const reply = await api.call('POST', '/api/auth/confirm', {
    token,
    body: { password: PASSWORD },
  });
  expect(reply.status).toBe(200);
  return { [CONFIRMATION_HEADER]: reply.body.confirmation as string };
}

export async function registerOptions(api: ApiClient, token: string) {
  const reply = await api.call('POST', '/api/auth/passkeys/register-options', {
    token,
    headers: await confirmation(api, token),
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body as { challenge: string; options: PublicKeyCredentialCreationOptionsJSON };
}

/** Adds a passkey as Settings does: options under a confirmation, the authenticator, the answer. */
export async function addPasskey(
  api: ApiClient,
  token: string,
  authenticator: Authenticator,
  name = 'Laptop',
) {
  const { challenge, options } = await registerOptions(api, token);
  const reply = await api.call('POST', '/api/auth/passkeys', {
    token,
    body: { challenge, name, response: authenticator.create(options) },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body as { id: string; name: string; createdAt: string; lastUsedAt: string | null };
}

export async function signInOptions(api: ApiClient) {
  const reply = await api.call('POST', '/api/auth/passkeys/sign-in-options', { body: {} });
  expect(reply.status, reply.text).toBe(200);
  return reply.body as { challenge: string; options: PublicKeyCredentialRequestOptionsJSON };
}

/** Signs in with whichever passkey the authenticator holds, no e-mail asked. */
export async function passkeySignIn(
  api: ApiClient,
  authenticator: Authenticator,
  bend: Parameters<Authenticator['get']>[1] = {},
) {
  const { challenge, options } = await signInOptions(api);
  const response = authenticator.get(options, bend);
  return {
    challenge,
    response,
    reply: await api.call('POST', '/api/auth/passkeys/sign-in', { body: { challenge, response } }),
  };
}
