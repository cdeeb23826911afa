import { SIGN_IN_SECURITY_MESSAGES as M } from '@dayframe/contracts';
import { badRequest, notFound } from '@dayframe/service-kit/http';

/**
 * How a passkey ceremony is refused. None says why a signature or a challenge failed beyond
 * "try again": the details help only someone forging answers.
 */
export const passkeyErrors = {
  failed: () => badRequest(M.passkeyFailed, 'passkey_failed'),
  unknown: () => badRequest(M.passkeyUnknown, 'passkey_unknown'),
  challengeEnded: () => badRequest(M.passkeyChallengeEnded, 'passkey_challenge_ended'),
  /** Also another account's passkey: whether it exists is not the caller's business. */
  notFound: () => notFound(M.passkeyNotFound, 'passkey_not_found'),
};
