import { api, createApiClient } from '@dayframe/web-kit';
import type {
  MessageResponse,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  ProfileUpdateResponse,
  User,
} from '@dayframe/contracts';

/**
 * Sets the password with the token a code check just answered (not the stored one, which the
 * server refuses for this call). Every older token is retired; the answer carries the new one.
 */
export function changePassword(
  codeToken: string,
  newPassword: PasswordChangeRequest['newPassword'],
): Promise<{ message: string; token: string; user: User }> {
  return createApiClient({ getToken: () => codeToken }).put('/user/password', { newPassword });
}

/**
 * Saves the name and e-mail. A new e-mail needs the token a code check just answered (sent to
 * the current address), as a password change does; a rename goes with the stored session.
 */
export function updateProfile(
  body: ProfileUpdateRequest,
  codeToken?: string,
): Promise<ProfileUpdateResponse> {
  const client = codeToken ? createApiClient({ getToken: () => codeToken }) : api;
  return client.put<ProfileUpdateResponse>('/user/update', body);
}

export function deleteAccount(): Promise<MessageResponse> {
  return api.delete<MessageResponse>('/user/delete');
}
