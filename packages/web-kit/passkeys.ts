import type { WebAuthnResponse } from '@dayframe/contracts';

/**
 * Passkeys in the browser (issue 28), with the platform's own WebAuthn API and no library:
 * `PublicKeyCredential.parseCreationOptionsFromJSON` / `parseRequestOptionsFromJSON` turn the
 * server's JSON options into what `navigator.credentials` takes, and `credential.toJSON()` turns
 * the answer back. Browsers the apps target that lack those (Safari 16.4–17.3, Firefox before
 * 119 is out of range) get the small base64url conversion below instead.
 *
 * Imported on demand (`import('@dayframe/web-kit/passkeys')`), never from `mod.ts`: the login
 * page ships it only once someone uses a passkey, so the first script of a public page stays small.
 */

type Json = Record<string, unknown>;

type ParsingStatics = {
  parseCreationOptionsFromJSON?: (options: Json) => PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON?: (options: Json) => PublicKeyCredentialRequestOptions;
  isConditionalMediationAvailable?: () => Promise<boolean>;
};

function statics(): ParsingStatics | null {
  return typeof PublicKeyCredential === 'undefined'
    ? null
    : (PublicKeyCredential as unknown as ParsingStatics);
}

/** True when this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return statics() !== null && typeof navigator !== 'undefined' && !!navigator.credentials;
}

/** True when the e-mail field can offer passkeys in its autofill (conditional mediation). */
export async function autofillAvailable(): Promise<boolean> {
  try {
    return (await statics()?.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

export function fromBase64url(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export function toBase64url(buffer: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    buffer instanceof ArrayBuffer
      ? new Uint8Array(buffer)
      : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

type Descriptor = { id: string; type: string; transports?: string[] };
const descriptors = (list: unknown) =>
  Array.isArray(list)
    ? (list as Descriptor[]).map((d) => ({ ...d, id: fromBase64url(d.id) }))
    : undefined;

export function creationOptionsFromJson(options: Json): PublicKeyCredentialCreationOptions {
  const parse = statics()?.parseCreationOptionsFromJSON;
  if (parse) return parse(options);
  const user = options.user as Json;
  return {
    ...options,
    challenge: fromBase64url(options.challenge as string),
    user: { ...user, id: fromBase64url(user.id as string) },
    excludeCredentials: descriptors(options.excludeCredentials),
  } as unknown as PublicKeyCredentialCreationOptions;
}

export function requestOptionsFromJson(options: Json): PublicKeyCredentialRequestOptions {
  const parse = statics()?.parseRequestOptionsFromJSON;
  if (parse) return parse(options);
  return {
    ...options,
    challenge: fromBase64url(options.challenge as string),
    allowCredentials: descriptors(options.allowCredentials),
  } as unknown as PublicKeyCredentialRequestOptions;
}

type CredentialLike = PublicKeyCredential & { toJSON?: () => unknown };

/** The answer as the server reads it: `toJSON()`, or the same shape built by hand. */
export function credentialToJson(credential: CredentialLike): WebAuthnResponse {
  if (typeof credential.toJSON === 'function')
    return credential.toJSON() as unknown as WebAuthnResponse;
  const answer = credential.response as AuthenticatorResponse & Record<string, unknown>;
  const response: Record<string, unknown> = {};
  for (const key of [
    'clientDataJSON',
    'attestationObject',
    'authenticatorData',
    'signature',
    'userHandle',
  ]) {
    const value = answer[key];
    if (value instanceof ArrayBuffer) response[key] = toBase64url(value);
  }
  const transports = (answer as { getTransports?: () => string[] }).getTransports?.();
  if (transports) response.transports = transports;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: 'public-key',
    response: response as WebAuthnResponse['response'],
    clientExtensionResults: credential.getClientExtensionResults() as Json,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
  };
}

/** Makes a new passkey with the server's creation options; null when the person cancelled. */
export async function createPasskey(options: Json): Promise<WebAuthnResponse | null> {
  try {
    const credential = (await navigator.credentials.create({
      publicKey: creationOptionsFromJson(options),
    })) as CredentialLike | null;
    return credential ? credentialToJson(credential) : null;
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
}

/**
 * Asks for a passkey with the server's request options; null when the person cancelled or
 * `signal` aborted. `conditional` is the e-mail field's autofill: it waits in the background
 * until the person picks a passkey there.
 */
export async function getPasskey(
  options: Json,
  { signal, conditional = false }: { signal?: AbortSignal; conditional?: boolean } = {},
): Promise<WebAuthnResponse | null> {
  try {
    const credential = (await navigator.credentials.get({
      publicKey: requestOptionsFromJson(options),
      signal,
      ...(conditional ? { mediation: 'conditional' as CredentialMediationRequirement } : {}),
    })) as CredentialLike | null;
    return credential ? credentialToJson(credential) : null;
  } catch (error) {
    if (cancelled(error) || signal?.aborted) return null;
    throw error;
  }
}

/**
 * The person closed the browser's prompt, or it timed out: nothing to report. (Browsers say
 * NotAllowedError for both, on purpose; AbortError is our own abort.)
 */
function cancelled(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'NotAllowedError' || error.name === 'AbortError')
  );
}
