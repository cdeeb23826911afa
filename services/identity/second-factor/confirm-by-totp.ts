import { badRequest } from '@dayframe/service-kit/http';
import type { IdentityScope } from '../scope.ts';
import type { StoredUser } from '../data/user-row.ts';

/** SCAFFOLD (issue 28, replaced by the TOTP work): step-up by an authenticator-app code. */
export async function confirmByTotp(
  _scope: IdentityScope,
  _user: StoredUser,
  _code: string,
  _clientAddress: string,
): Promise<void> {
  throw badRequest('Not built yet.', 'not_built');
}
