import type { IdentityScope } from '../scope.ts';
import type { StoredUser } from '../data/user-row.ts';
import { startLoginAttempt } from '../log-in.ts';
import { invalidCode, spendTotpCode } from './authenticator-app.ts';

/**
 * Step-up by an authenticator-app code: a current code of the account's app, taken once (a code
 * just used to sign in cannot confirm too). Wrong codes spend the login budget of the address,
 * so the confirmation is no cheaper oracle for app codes than the login's second step.
 */
export async function confirmByTotp(
  scope: IdentityScope,
  user: StoredUser,
  code: string,
  clientAddress: string,
): Promise<void> {
  const attempt = await startLoginAttempt(scope, user.email, clientAddress);
  if (!(await spendTotpCode(scope, user._id, code))) {
    await attempt.failed();
    throw invalidCode();
  }
  await attempt.succeeded();
}
