import {
  SECOND_FACTOR_MAX_WRONG,
  SIGN_IN_SECURITY_MESSAGES,
  type AuthResponse,
  type PasskeyRequestOptions,
  type WebAuthnResponse,
} from '@dayframe/contracts';
import { badRequest } from '@dayframe/service-kit/http';
import type { IdentityScope } from '../scope.ts';
import { findUserById } from '../data/users-repo.ts';
import { issueSession, newSignIn } from '../session.ts';
import { assertionOptions, verifyAssertion } from './ceremony.ts';
import { passkeyErrors } from './passkey-errors.ts';
import { findPasskeyByCredential, storedPasskeysOf } from './passkeys-repo.ts';
import { challengeHash, takeChallenge } from './webauthn-challenges.ts';

/** The login waiting for its second factor (`sign_in_challenges`, purpose 'second-factor'). */
type LoginChallenge = { userId: string; sessionVersion: number | null; expiresAt: number };

const loginEnded = () =>
  badRequest(SIGN_IN_SECURITY_MESSAGES.challengeExpired, 'challenge_expired');

async function liveLogin(scope: IdentityScope, id: string): Promise<LoginChallenge> {
  const row = await scope
    .db('sign_in_challenges')
    .where({ id_hash: challengeHash(id), purpose: 'second-factor' })
    .where('expires_at', '>', scope.clock.now())
    .where('wrong', '<', SECOND_FACTOR_MAX_WRONG)
    .first('user_id', 'session_version', 'expires_at');
  if (!row?.user_id) throw loginEnded();
  return {
    userId: row.user_id,
    sessionVersion: row.session_version === null ? null : Number(row.session_version),
    expiresAt: Number(row.expires_at),
  };
}

/**
 * The passkey step's own WebAuthn challenge hangs off the login's id (the browser answers
 * with the login's id only), under an id of its own so that the login row stays the TOTP
 * step's: 32 random bytes plus a suffix are as unguessable as the login id itself.
 */
const stepId = (loginChallengeId: string) => `${loginChallengeId}.passkey`;

/**
 * `POST /auth/2fa/passkey-options { challenge }`: a request for the passkeys of the login's
 * account. Asking again replaces the request before; it ends with the login.
 */
export async function passkeyOptionsForLogin(
  scope: IdentityScope,
  loginChallengeId: string,
): Promise<PasskeyRequestOptions> {
  const login = await liveLogin(scope, loginChallengeId);
  const own = await storedPasskeysOf(scope.db, login.userId);
  if (own.length === 0) throw passkeyErrors.notFound();
  const { options } = await assertionOptions(scope, {
    purpose: 'passkey-2fa',
    userId: login.userId,
    allow: own,
    id: stepId(loginChallengeId),
    expiresAt: login.expiresAt,
  });
  return { challenge: loginChallengeId, options };
}

/** A wrong answer counts toward the login's budget, as a wrong code does; the last one ends it. */
async function countWrong(scope: IdentityScope, loginChallengeId: string) {
  const where = { id_hash: challengeHash(loginChallengeId), purpose: 'second-factor' };
  await scope.db('sign_in_challenges').where(where).increment('wrong', 1);
  await scope
    .db('sign_in_challenges')
    .where(where)
    .where('wrong', '>=', SECOND_FACTOR_MAX_WRONG)
    .delete();
}

/**
 * `POST /auth/2fa/verify { challenge, passkey }` (the route is the second-factor work's): the
 * passkey must be one of the login account's, answer the challenge of `passkeyOptionsForLogin`
 * and verify; then the login is taken (once: of two racing answers one signs in) and a session
 * issued as a login without a second factor issues it. A password change since the login ends it.
 */
export async function verifyPasskeySecondFactor(
  scope: IdentityScope,
  loginChallengeId: string,
  response: WebAuthnResponse,
): Promise<AuthResponse> {
  const login = await liveLogin(scope, loginChallengeId);
  const step = await takeChallenge(scope, stepId(loginChallengeId), 'passkey-2fa');
  if (!step || step.userId !== login.userId) throw passkeyErrors.challengeEnded();
  const passkey = await findPasskeyByCredential(scope.db, response.id);
  if (!passkey || passkey.userId !== login.userId) {
    await countWrong(scope, loginChallengeId);
    throw passkeyErrors.unknown();
  }
  try {
    await verifyAssertion(scope, passkey, response, step.webauthnChallenge);
  } catch (error) {
    await countWrong(scope, loginChallengeId);
    throw error;
  }
  const user = await findUserById(scope.db, login.userId);
  if (!user || (login.sessionVersion !== null && login.sessionVersion !== user.sessionVersion))
    throw loginEnded();
  const taken = await scope
    .db('sign_in_challenges')
    .where({ id_hash: challengeHash(loginChallengeId), purpose: 'second-factor' })
    .delete();
  if (taken !== 1) throw loginEnded();
  scope.log.info({ userId: user._id, passkeyId: passkey.id }, 'second factor by passkey');
  return issueSession(scope, user, newSignIn(scope));
}
