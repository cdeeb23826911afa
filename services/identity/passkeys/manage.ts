import {
  SIGN_IN_SECURITY_MESSAGES,
  type Passkey,
  type PasskeyRenameRequest,
} from '@dayframe/contracts';
import { unauthorized } from '@dayframe/service-kit/http';
import type { IdentityScope } from '../scope.ts';
import { findUserById } from '../data/users-repo.ts';
import { sendSecurityNotice } from '../security-notice.ts';
import { passkeyErrors } from './passkey-errors.ts';
import { deletePasskey, findOwnPasskey, renamePasskey, toPublicPasskey } from './passkeys-repo.ts';

/** `PATCH /auth/passkeys/:id`: a new name for one of the caller's own passkeys. */
export async function renameOwnPasskey(
  scope: IdentityScope,
  userId: string,
  id: string,
  input: PasskeyRenameRequest,
): Promise<Passkey> {
  const name = input.name.trim();
  if (!(await renamePasskey(scope.db, userId, id, name))) throw passkeyErrors.notFound();
  const passkey = await findOwnPasskey(scope.db, userId, id);
  if (!passkey) throw passkeyErrors.notFound();
  return toPublicPasskey(passkey);
}

/** `DELETE /auth/passkeys/:id` (confirmed): removes one of the caller's own; the owner is mailed. */
export async function removeOwnPasskey(scope: IdentityScope, userId: string, id: string) {
  const user = await findUserById(scope.db, userId);
  if (!user) throw unauthorized();
  const passkey = await findOwnPasskey(scope.db, userId, id);
  if (!passkey || !(await deletePasskey(scope.db, userId, id))) throw passkeyErrors.notFound();
  scope.log.info({ userId, passkeyId: id }, 'passkey removed');
  await sendSecurityNotice(scope, user, 'passkey-removed', { detail: passkey.name });
  return { message: SIGN_IN_SECURITY_MESSAGES.passkeyRemoved };
}
