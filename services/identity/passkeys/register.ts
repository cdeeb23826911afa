import { randomUUID } from 'node:crypto';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Passkey, PasskeyAddRequest, PasskeyCreationOptions } from '@dayframe/contracts';
import { badRequest, unauthorized } from '@dayframe/service-kit/http';
import type { IdentityScope } from '../scope.ts';
import { findUserById } from '../data/users-repo.ts';
import { sendSecurityNotice } from '../security-notice.ts';
import { allowed, CEREMONY_TIMEOUT_MS, userHandleOf } from './ceremony.ts';
import { passkeyErrors } from './passkey-errors.ts';
import { insertPasskey, storedPasskeysOf, toPublicPasskey } from './passkeys-repo.ts';
import { issueChallenge, takeChallenge } from './webauthn-challenges.ts';

/**
 * `POST /auth/passkeys/register-options` (confirmed): options for `navigator.credentials.create`.
 * A discoverable credential (it signs in without an e-mail first) with user verification
 * required (it is then both factors); the account's passkeys are excluded, so one
 * authenticator is not added twice.
 */
export async function passkeyRegistrationOptions(
  scope: IdentityScope,
  userId: string,
): Promise<PasskeyCreationOptions> {
  const user = await findUserById(scope.db, userId);
  if (!user) throw unauthorized();
  const options = await generateRegistrationOptions({
    rpName: 'Dayframe',
    rpID: scope.relyingParty.rpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandleOf(user._id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: allowed(await storedPasskeysOf(scope.db, user._id)),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challenge = await issueChallenge(scope, {
    purpose: 'passkey-register',
    userId: user._id,
    webauthnChallenge: options.challenge,
  });
  return { challenge, options: options as unknown as Record<string, unknown> };
}

/**
 * `POST /auth/passkeys`: checks the authenticator's answer to the challenge handed to this
 * account (origin, RP id, user presence and verification; attestation 'none': which model
 * made the passkey is not asked) and stores the credential under `name`. The owner is mailed.
 */
export async function addPasskey(
  scope: IdentityScope,
  userId: string,
  input: PasskeyAddRequest,
): Promise<Passkey> {
  const user = await findUserById(scope.db, userId);
  if (!user) throw unauthorized();
  const challenge = await takeChallenge(scope, input.challenge, 'passkey-register');
  if (!challenge || challenge.userId !== user._id) throw passkeyErrors.challengeEnded();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.webauthnChallenge,
      expectedOrigin: scope.relyingParty.origins,
      expectedRPID: scope.relyingParty.rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    scope.log.warn({ userId, reason: (error as Error).message }, 'passkey registration refused');
    throw passkeyErrors.failed();
  }
  if (!verified.verified) throw passkeyErrors.failed();
  const { credential } = verified.registrationInfo;
  const passkey = {
    id: randomUUID(),
    userId: user._id,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: (credential.transports ?? []).filter((t) => /^[a-z-]{1,20}$/.test(t)).slice(0, 8),
    name: input.name.trim(),
    createdAt: new Date(scope.clock.now()).toISOString(),
    lastUsedAt: null,
  };
  if (!(await insertPasskey(scope.db, passkey)))
    throw badRequest('That passkey is already registered.', 'passkey_exists');
  scope.log.info({ userId, passkeyId: passkey.id }, 'passkey added');
  await sendSecurityNotice(scope, user, 'passkey-added', { detail: passkey.name });
  return toPublicPasskey(passkey);
}
