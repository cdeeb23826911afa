import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import type { WebAuthnResponse } from '@dayframe/contracts';
import type { IdentityScope } from '../scope.ts';
import { passkeyErrors } from './passkey-errors.ts';
import { recordPasskeyUse, type StoredPasskey } from './passkeys-repo.ts';
import { issueChallenge, type WebAuthnPurpose } from './webauthn-challenges.ts';

/** How long the browser lets the person answer; the stored challenge lives five minutes anyway. */
export const CEREMONY_TIMEOUT_MS = 120_000;

/**
 * The user handle a passkey carries: the account id's UTF-8 bytes (no e-mail, nothing that
 * changes). A discoverable sign-in answers it, and it must be its credential's owner.
 */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

export const allowed = (passkeys: StoredPasskey[]) =>
  passkeys.map((p) => ({
    id: p.credentialId,
    transports: p.transports,
  }));

/**
 * Options for `navigator.credentials.get` and the challenge id they come back with. User
 * verification is required everywhere: every passkey was registered with it, and a passkey
 * that signs a person in without a password must be both factors.
 */
export async function assertionOptions(
  scope: IdentityScope,
  challenge: {
    purpose: WebAuthnPurpose;
    userId: string | null;
    allow?: StoredPasskey[];
    id?: string;
    expiresAt?: number;
  },
) {
  const options = await generateAuthenticationOptions({
    rpID: scope.relyingParty.rpId,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    ...(challenge.allow ? { allowCredentials: allowed(challenge.allow) } : {}),
  });
  const id = await issueChallenge(scope, {
    purpose: challenge.purpose,
    userId: challenge.userId,
    webauthnChallenge: options.challenge,
    id: challenge.id,
    expiresAt: challenge.expiresAt,
  });
  return { challenge: id, options: options as unknown as Record<string, unknown> };
}

/**
 * Checks an assertion by `passkey` against the challenge the browser was given: signature,
 * origin, RP id, user presence and verification, the user handle when one is answered, and
 * the counter (it must grow when either it or the stored one is non-zero, as WebAuthn says:
 * otherwise the credential was cloned or the answer replayed). Records the use; throws
 * `passkeyFailed` on any failure, the library's reason going to the log only.
 */
export async function verifyAssertion(
  scope: IdentityScope,
  passkey: StoredPasskey,
  response: WebAuthnResponse,
  expectedChallenge: string,
): Promise<void> {
  const handle = (response.response as { userHandle?: unknown }).userHandle;
  if (handle !== undefined && handle !== null && handle !== '') {
    const owner = typeof handle === 'string' ? Buffer.from(handle, 'base64url') : null;
    if (!owner || !owner.equals(Buffer.from(userHandleOf(passkey.userId)))) {
      scope.log.warn({ passkeyId: passkey.id }, 'passkey answered another user handle');
      throw passkeyErrors.failed();
    }
  }
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: scope.relyingParty.origins,
      expectedRPID: scope.relyingParty.rpId,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    if (!result.verified) throw new Error('not verified');
    newCounter = result.authenticationInfo.newCounter;
  } catch (error) {
    scope.log.warn(
      { passkeyId: passkey.id, reason: (error as Error).message },
      'passkey assertion refused',
    );
    throw passkeyErrors.failed();
  }
  const at = new Date(scope.clock.now()).toISOString();
  if (!(await recordPasskeyUse(scope.db, passkey, newCounter, at))) throw passkeyErrors.failed();
}
