import { forbidden } from '@dayframe/service-kit/http';
import type { AuthUser } from '@dayframe/service-kit/tokens';
import type { IdentityScope } from './scope.ts';
import { PASSWORD_CHANGE_WINDOW_MS } from './codes.ts';

/**
 * What turns a stolen session token into a takeover (a new password, a new e-mail address)
 * needs proof of the mailbox too: a token from a code verification in the last ten minutes.
 */
export function requireRecentCode(scope: IdentityScope, caller: AuthUser, message: string): void {
  const verifiedAt = caller.claims.otp;
  if (
    verifiedAt === undefined ||
    scope.clock.now() - verifiedAt * 1000 > PASSWORD_CHANGE_WINDOW_MS
  ) {
    throw forbidden(message, 'code_required');
  }
}
