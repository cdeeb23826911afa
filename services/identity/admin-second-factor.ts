import { SECOND_FACTOR_REQUIRED, SIGN_IN_SECURITY_MESSAGES } from '@dayframe/contracts';
import type { Context, Next } from 'koa';
import { forbidden } from '@dayframe/service-kit/http';
import { currentUser } from '@dayframe/service-kit/tokens';
import type { IdentityScope } from './scope.ts';
import { secondFactorsOf } from './data/second-factors-repo.ts';

/**
 * `REQUIRE_ADMIN_2FA`: must this account set up a second factor before anything else? Only an
 * admin, only when the installation asks for it, and only while the account has neither an
 * authenticator app that is on nor a passkey. `GET /api/auth/2fa` answers it as `required`,
 * which is what sends the shell to Settings.
 */
export async function mustSetUpSecondFactor(
  scope: IdentityScope,
  user: { id: string; role: string },
): Promise<boolean> {
  if (!scope.settings.requireAdminSecondFactor || user.role !== 'admin') return false;
  const factors = await secondFactorsOf(scope.db, user.id);
  return !factors.totp && factors.passkeys === 0;
}

/**
 * Middleware for every `/api/admin/*` route, after `requireAdmin`: the server refuses an admin
 * without a second factor, whatever the front end shows (a script with the token gets the same
 * 403). The role is the session check's, read on this request.
 */
export function requireAdminSecondFactor(scope: IdentityScope) {
  return async function adminSecondFactor(ctx: Context, next: Next): Promise<void> {
    if (await mustSetUpSecondFactor(scope, currentUser(ctx)))
      throw forbidden(SIGN_IN_SECURITY_MESSAGES.secondFactorRequired, SECOND_FACTOR_REQUIRED);
    await next();
  };
}
