import type { ConfirmRequest } from '@dayframe/contracts';
import { badRequest } from '@dayframe/service-kit/http';
import type { IdentityScope } from '../scope.ts';
import type { StoredUser } from '../data/user-row.ts';

type PasskeyProof = Extract<ConfirmRequest, { passkey: unknown }>['passkey'];

/** SCAFFOLD (issue 28, replaced by the passkey work): step-up by a passkey. */
export async function confirmByPasskey(
  _scope: IdentityScope,
  _user: StoredUser,
  _proof: PasskeyProof,
): Promise<void> {
  throw badRequest('Not built yet.', 'not_built');
}
