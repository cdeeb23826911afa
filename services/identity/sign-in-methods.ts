import type { ExportedSignIn } from '@dayframe/contracts';
import type { IdentityScope } from './scope.ts';
import { secondFactorsOf } from './data/second-factors-repo.ts';

/**
 * Which ways of signing in the account has, for its export: every account has a password, and
 * may have an authenticator app that is on and passkeys. Whether and how many only: the secret
 * and the credentials stay in identity.
 */
export async function signInMethodsOf(
  scope: IdentityScope,
  userId: string,
): Promise<ExportedSignIn> {
  const factors = await secondFactorsOf(scope.db, userId);
  return { password: true, totp: factors.totp, passkeys: factors.passkeys };
}
