import type { ConfirmRequest, ConfirmResponse } from '@dayframe/contracts';
import { unauthorized } from '@dayframe/service-kit/http';
import type { AuthUser, ConfirmationMethod } from '@dayframe/service-kit/tokens';
import type { IdentityScope } from './scope.ts';
import { checkPassword } from './log-in.ts';
import { checkCode } from './verify-code.ts';
import { findUserById } from './data/users-repo.ts';

/**
 * `POST /auth/confirm`: the signed-in owner proves it is them, by the password or by a code
 * mailed to the account's address, and gets a confirmation for this sign-in good for ten
 * minutes (see `requireConfirmation`). Wrong answers are counted and refused exactly as at
 * login or code verification, against the same budgets: the confirmation is not a cheaper
 * oracle for either. A second factor becomes one more branch here.
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
  } else {
    await checkCode(scope, user, input.code, clientAddress);
    method = 'code';
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
