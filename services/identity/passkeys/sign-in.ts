import {
  MESSAGES,
  type AuthResponse,
  type PasskeyRequestOptions,
  type PasskeySignInRequest,
} from '@dayframe/contracts';
import { tooManyRequests } from '@dayframe/service-kit/http';
import { rateLimitKey } from '@dayframe/service-kit/limits';
import type { IdentityScope } from '../scope.ts';
import { findUserById } from '../data/users-repo.ts';
import { issueSession, newSignIn } from '../session.ts';
import { assertionOptions, verifyAssertion } from './ceremony.ts';
import { passkeyErrors } from './passkey-errors.ts';
import { findPasskeyByCredential } from './passkeys-repo.ts';
import { takeChallenge } from './webauthn-challenges.ts';

/**
 * Sign-in options per client address a minute: each one stores a challenge, and a sign-in
 * needs one, so this also bounds how fast anyone can try answers. As many as the login's.
 */
const SIGN_IN_OPTIONS_PER_ADDRESS_PER_MINUTE = 30;

/**
 * `POST /auth/passkeys/sign-in-options`: a discoverable request (no allowed list: the
 * authenticator offers the passkeys it holds for Dayframe, no e-mail asked first). The same
 * options serve the e-mail field's passkey autofill (conditional mediation).
 */
export async function passkeySignInOptions(
  scope: IdentityScope,
  clientAddress: string,
): Promise<PasskeyRequestOptions> {
  const hit = await scope.limiter.hit(
    `passkey-sign-in:addr:${rateLimitKey(clientAddress)}`,
    SIGN_IN_OPTIONS_PER_ADDRESS_PER_MINUTE,
    60_000,
  );
  if (!hit.allowed)
    throw tooManyRequests(MESSAGES.tooManyLogins, hit.retryAfterMs / 1000, 'too_many_logins');
  return assertionOptions(scope, { purpose: 'passkey-sign-in', userId: null });
}

/**
 * `POST /auth/passkeys/sign-in`: a passkey with user verification is both factors, so a good
 * assertion signs its owner in exactly as a login does (a new sign-in, `{ token, user }`); an
 * unverified account gets its token as at login and is sent to verify by the app. The user
 * handle must be answered (a discoverable credential always has one) and be the owner's.
 */
export async function signInWithPasskey(
  scope: IdentityScope,
  input: PasskeySignInRequest,
): Promise<AuthResponse> {
  const challenge = await takeChallenge(scope, input.challenge, 'passkey-sign-in');
  if (!challenge) throw passkeyErrors.challengeEnded();
  const passkey = await findPasskeyByCredential(scope.db, input.response.id);
  if (!passkey) throw passkeyErrors.unknown();
  const handle = (input.response.response as { userHandle?: unknown }).userHandle;
  if (typeof handle !== 'string' || handle === '') throw passkeyErrors.failed();
  await verifyAssertion(scope, passkey, input.response, challenge.webauthnChallenge);
  const user = await findUserById(scope.db, passkey.userId);
  if (!user) throw passkeyErrors.unknown();
  scope.log.info({ userId: user._id, passkeyId: passkey.id }, 'signed in with a passkey');
  return issueSession(scope, user, newSignIn(scope));
}
