import { SIGN_IN_SECURITY_MESSAGES, type WebAuthnResponse } from '@dayframe/contracts';
import { badRequest } from '@dayframe/service-kit/http';
import type { IdentityScope } from '../scope.ts';
import type { StoredUser } from '../data/user-row.ts';
import type { StoredChallenge } from '../data/challenges-repo.ts';

/**
 * SCAFFOLD (issue 28, replaced by the passkey work, which owns this file): the passkey branch
 * of `POST /auth/2fa/verify`. It answers when `response` is a valid assertion by one of
 * `user`'s passkeys over `challenge.webauthnChallenge` (set by `/2fa/passkey-options`), and
 * throws otherwise; the caller then takes the challenge and signs the user in.
 */
export async function verifyPasskeySecondFactor(
  _scope: IdentityScope,
  _challenge: StoredChallenge,
  _user: StoredUser,
  _response: WebAuthnResponse,
): Promise<void> {
  throw badRequest(SIGN_IN_SECURITY_MESSAGES.passkeyFailed, 'passkey_failed');
}
