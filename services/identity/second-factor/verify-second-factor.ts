import {
  SECOND_FACTOR_MAX_WRONG,
  SIGN_IN_SECURITY_MESSAGES as SAY,
  type AuthResponse,
  type TwoFactorVerifyRequest,
} from '@dayframe/contracts';
import { badRequest } from '@dayframe/service-kit/http';
import type { IdentityScope } from '../scope.ts';
import { issueSession, newSignIn } from '../session.ts';
import { startLoginAttempt } from '../log-in.ts';
import { findUserById } from '../data/users-repo.ts';
import {
  countWrongAnswer,
  deleteChallenge,
  findLiveChallenge,
  takeChallenge,
} from '../data/challenges-repo.ts';
import { recoveryCodesLeft } from '../data/recovery-codes-repo.ts';
import { sendSecurityNotice } from '../security-notice.ts';
import { verifyPasskeySecondFactor } from '../passkeys/second-factor-step.ts';
import { SECOND_FACTOR_PURPOSE } from './login-challenge.ts';
import { spendTotpCode } from './authenticator-app.ts';
import { spendRecoveryCode } from './recovery-codes.ts';

const expired = () => badRequest(SAY.challengeExpired, 'challenge_expired');
const ended = () => badRequest(SAY.challengeEnded, 'challenge_ended');

/**
 * `POST /auth/2fa/verify`: the second step of a login. A right code (the app's, or an unused
 * recovery code) or passkey takes the challenge and signs in exactly as a login without a
 * second factor does. A wrong code is counted on the challenge (the fifth ends it: a new login
 * is needed) and against the per-address login limits, never against the account alone, so
 * nobody can lock its owner out by guessing.
 */
export async function verifySecondFactor(
  scope: IdentityScope,
  input: TwoFactorVerifyRequest,
  clientAddress: string,
): Promise<AuthResponse> {
  const challenge = await findLiveChallenge(
    scope.db,
    input.challenge,
    SECOND_FACTOR_PURPOSE,
    scope.clock.now(),
  );
  if (!challenge?.userId) throw expired();
  if (challenge.wrong >= SECOND_FACTOR_MAX_WRONG) throw ended();
  const user = await findUserById(scope.db, challenge.userId);
  // A password change since the login signed every session out; it ends this login too.
  if (!user || user.sessionVersion !== challenge.sessionVersion) {
    await deleteChallenge(scope.db, challenge.idHash);
    throw expired();
  }
  // The passkey branch is the passkey work's whole (its own WebAuthn step hangs off the login's
  // id): it checks the assertion, counts a wrong one on the login, takes it and signs in.
  if ('passkey' in input) return verifyPasskeySecondFactor(scope, input.challenge, input.passkey);
  const attempt = await startLoginAttempt(scope, user.email, clientAddress);

  let usedRecoveryCode = false;
  const code = input.code.trim();
  const right = /^\d{6}$/.test(code)
    ? await spendTotpCode(scope, user._id, code)
    : (usedRecoveryCode = await spendRecoveryCode(scope, user._id, code));
  if (!right) {
    await attempt.failed();
    const wrong = await countWrongAnswer(scope.db, challenge.idHash, SECOND_FACTOR_MAX_WRONG);
    scope.log.info({ userId: user._id, wrong }, 'wrong second-factor code');
    if (wrong === null) throw expired();
    if (wrong >= SECOND_FACTOR_MAX_WRONG) throw ended();
    throw badRequest(SAY.invalidCode, 'invalid_code');
  }
  // Single use: of two right answers at once, one signs in.
  if (
    !(await takeChallenge(scope.db, challenge.idHash, scope.clock.now(), SECOND_FACTOR_MAX_WRONG))
  )
    throw expired();
  await attempt.succeeded();
  scope.log.info(
    {
      userId: user._id,
      method: usedRecoveryCode ? 'recovery' : 'totp',
    },
    'signed in with a second factor',
  );
  if (usedRecoveryCode)
    await sendSecurityNotice(scope, user, 'recovery-code-sign-in', {
      recoveryCodesLeft: await recoveryCodesLeft(scope.db, user._id),
    });
  return issueSession(scope, user, newSignIn(scope));
}
