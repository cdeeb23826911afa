import type { ConfirmRequest, PasskeyRequestOptions } from '@dayframe/contracts';
import type { IdentityScope } from '../scope.ts';
import type { StoredUser } from '../data/user-row.ts';
import { assertionOptions, verifyAssertion } from './ceremony.ts';
import { passkeyErrors } from './passkey-errors.ts';
import { findPasskeyByCredential, storedPasskeysOf } from './passkeys-repo.ts';
import { takeChallenge } from './webauthn-challenges.ts';

type PasskeyProof = Extract<ConfirmRequest, { passkey: unknown }>['passkey'];

/** `POST /auth/passkeys/confirm-options`: a request for the caller's own passkeys. */
export async function passkeyConfirmOptions(
  scope: IdentityScope,
  userId: string,
): Promise<PasskeyRequestOptions> {
  const own = await storedPasskeysOf(scope.db, userId);
  if (own.length === 0) throw passkeyErrors.notFound();
  return assertionOptions(scope, { purpose: 'passkey-confirm', userId, allow: own });
}

/**
 * Step-up by a passkey (`POST /auth/confirm { passkey }`): the challenge must have been handed
 * to this account for confirming, and the credential must be one of its own, or it proves
 * nothing about the owner of this session (another account's passkey is as unknown here).
 */
export async function confirmByPasskey(
  scope: IdentityScope,
  user: StoredUser,
  proof: PasskeyProof,
): Promise<void> {
  const challenge = await takeChallenge(scope, proof.challenge, 'passkey-confirm');
  if (!challenge || challenge.userId !== user._id) throw passkeyErrors.challengeEnded();
  const passkey = await findPasskeyByCredential(scope.db, proof.response.id);
  if (!passkey || passkey.userId !== user._id) throw passkeyErrors.unknown();
  await verifyAssertion(scope, passkey, proof.response, challenge.webauthnChallenge);
}
