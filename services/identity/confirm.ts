import type { ConfirmRequest, ConfirmResponse } from '@dayframe/contracts';
import { unauthorized } from '@dayframe/service-kit/http';
import type { AuthUser, ConfirmationMethod } from '@dayframe/service-kit/tokens';
import type { IdentityScope } from './scope.ts';
import { checkPassword } from './log-in.ts';
import { checkCode } from './verify-code.ts';
import { findUserById } from './data/users-repo.ts';
import { confirmByTotp } from './second-factor/confirm-by-totp.ts';
import { confirmByPasskey } from './passkeys/confirm-by-passkey.ts';

/**
 * `POST /auth/confirm`: the signed-in owner proves it is them, by the password or by a code
 * mailed to the account's address, and gets a confirmation for this sign-in good for ten
 * minutes (see `requireConfirmation`). Wrong answers are counted and refused exactly as at
 * login or code verification, against the same budgets: the confirmation is not a cheaper
 * oracle for either. An authenticator-app code or a passkey (issue 28) proves it as well.
 */
export async function confirmOwner(
  scope: IdentityScope,
  caller: AuthUser,
  input: ConfirmRequest,
  clientAddress: string,
): Promise<ConfirmResponse> {
  const user = await findUserById(scope.db, caller.id);
  if (!user) throw unauthorized();
  let method: ConfirmationMethod;
  if ('password' in input) {
    await checkPassword(scope, { email: user.email, password: input.password }, clientAddress);
    method = 'password';
  } else if ('code' in input) {
    await checkCode(scope, user, input.code, clientAddress);
    method = 'code';
  } else if ('totp' in input) {
    await confirmByTotp(scope, user, input.totp, clientAddress);
    method = 'totp';
  } else {
    await confirmByPasskey(scope, user, input.passkey);
    method = 'passkey';
  }
  const { confirmation, expiresAt } = scope.tokens.signConfirmation({
    sub: user._id,
    sid: caller.claims.sid!,
    sv: caller.claims.sv,
    amr: method,
  });
  scope.log.info({ userId: user._id, method }, 'owner confirmed');
  return { confirmation, expiresAt: new Date(expiresAt).toISOString() };
}
