import { api } from '@dayframe/web-kit';
import type { PasswordChangeRequest } from '@dayframe/contracts';

export function changePassword(
  newPassword: PasswordChangeRequest['newPassword'],
): Promise<unknown> {
  return api.put('/user/password', { newPassword });
}
