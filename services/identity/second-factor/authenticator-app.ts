import {
  SIGN_IN_SECURITY_MESSAGES as SAY,
  type RecoveryCodesResponse,
  type TotpSetupResponse,
} from '@dayframe/contracts';
import { HttpError, badRequest } from '@dayframe/service-kit/http';
import type { IdentityScope } from '../scope.ts';
import type { StoredUser } from '../data/user-row.ts';
import { deleteTotp, findTotp, savePendingTotp, takeTotpStep } from '../data/totp-factors-repo.ts';
import { deleteRecoveryCodes } from '../data/recovery-codes-repo.ts';
import { sendSecurityNotice } from '../security-notice.ts';
import { matchingTotpStep, newTotpSecret, otpauthUrl } from './totp.ts';
import { makeRecoveryCodes } from './recovery-codes.ts';

const alreadyOn = () => new HttpError(409, SAY.totpAlreadyOn, 'totp_already_on');
const notOn = () => new HttpError(409, SAY.totpNotOn, 'totp_not_on');
export const invalidCode = () => badRequest(SAY.invalidCode, 'invalid_code');

/**
 * `POST /auth/2fa/totp/setup` (confirmed): a new secret for the app, not on until `enableTotp`
 * sees a code made from it. Asking again starts over with another secret.
 */
export async function startTotpSetup(
  scope: IdentityScope,
  user: StoredUser,
): Promise<TotpSetupResponse> {
  if ((await findTotp(scope.db, user._id))?.enabledAt) throw alreadyOn();
  const secret = newTotpSecret();
  await savePendingTotp(scope.db, user._id, scope.factorSecrets.seal(user._id, secret));
  scope.log.info({ userId: user._id }, 'authenticator app set-up started');
  return { secret, otpauthUrl: otpauthUrl(user.email, secret) };
}

/**
 * `POST /auth/2fa/totp/enable`: the first code from the app turns it on (that code is taken,
 * like any later one) and answers the ten recovery codes, shown this once.
 */
export async function enableTotp(
  scope: IdentityScope,
  user: StoredUser,
  code: string,
): Promise<RecoveryCodesResponse> {
  const factor = await findTotp(scope.db, user._id);
  if (!factor) throw badRequest(SAY.totpNotStarted, 'totp_not_started');
  if (factor.enabledAt) throw alreadyOn();
  const secret = scope.factorSecrets.open(user._id, factor.sealedSecret);
  if (secret === null) throw badRequest(SAY.totpNotStarted, 'totp_not_started');
  const step = await matchingTotpStep(secret, code, scope.clock.now(), null);
  if (step === null) throw invalidCode();
  const enabledAt = new Date(scope.clock.now()).toISOString();
  const recoveryCodes = await scope.db.transaction(async (trx) => {
    // Conditional on the set-up still pending: of two enables at once, one turns it on.
    if (!(await takeTotpStep(trx, user._id, step, enabledAt))) return null;
    return makeRecoveryCodes(scope, trx, user._id);
  });
  if (!recoveryCodes) throw alreadyOn();
  scope.log.info({ userId: user._id }, 'authenticator app turned on');
  await sendSecurityNotice(scope, user, 'totp-enabled');
  return { recoveryCodes };
}

/** `POST /auth/2fa/totp/disable` (confirmed): the app and its recovery codes go. */
export async function disableTotp(scope: IdentityScope, user: StoredUser) {
  if (!(await findTotp(scope.db, user._id))?.enabledAt) throw notOn();
  await scope.db.transaction(async (trx) => {
    await deleteRecoveryCodes(trx, user._id);
    await deleteTotp(trx, user._id);
  });
  scope.log.info({ userId: user._id }, 'authenticator app turned off');
  await sendSecurityNotice(scope, user, 'totp-disabled');
  return { message: SAY.totpOff };
}

/** `POST /auth/2fa/recovery-codes` (confirmed): ten new codes; every old one stops working. */
export async function remakeRecoveryCodes(
  scope: IdentityScope,
  user: StoredUser,
): Promise<RecoveryCodesResponse> {
  if (!(await findTotp(scope.db, user._id))?.enabledAt)
    throw new HttpError(409, SAY.noRecoveryCodes, 'no_recovery_codes');
  const recoveryCodes = await scope.db.transaction((trx) =>
    makeRecoveryCodes(scope, trx, user._id),
  );
  scope.log.info({ userId: user._id }, 'recovery codes remade');
  await sendSecurityNotice(scope, user, 'recovery-codes-remade');
  return { recoveryCodes };
}

/**
 * Takes `code` if it is a current code of the account's app (its step ±1) for a step newer
 * than any taken before: a code seen over a shoulder or replayed is refused.
 */
export async function spendTotpCode(
  scope: IdentityScope,
  userId: string,
  code: string,
): Promise<boolean> {
  const factor = await findTotp(scope.db, userId);
  if (!factor?.enabledAt) return false;
  const secret = scope.factorSecrets.open(userId, factor.sealedSecret);
  if (secret === null) {
    scope.log.error({ userId }, 'authenticator secret does not open with this key');
    return false;
  }
  const step = await matchingTotpStep(secret, code, scope.clock.now(), factor.lastStep);
  return step !== null && (await takeTotpStep(scope.db, userId, step));
}
