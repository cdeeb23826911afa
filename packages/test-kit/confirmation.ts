import { CONFIRMATION_HEADER } from '@dayframe/contracts';
import { apiClient } from './http.ts';
import { ACCOUNT_PASSWORD } from './verified-account.ts';

/** Any client whose calls take a body and a bearer token (test-kit's, the security suite's). */
export type ConfirmingClient = {
  call(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string },
  ): Promise<{ status: number; body: any; text?: string }>;
};

/**
 * The headers of a guarded call (deleting the account, exporting, an admin deleting users) for
 * the session `account.token`: confirms with the password (`POST /api/auth/confirm`) as the
 * dialog does, and answers `{ 'x-confirmation': … }` to spread into the call's headers. Throws,
 * with the answer, when the confirmation is refused.
 *
 * @example
 * await api.call('DELETE', '/api/user/delete', { token, headers: await confirmed(api, account) });
 */
export async function confirmed(
  api: string | ConfirmingClient,
  account: { token: string; password?: string },
): Promise<Record<string, string>> {
  const client = typeof api === 'string' ? apiClient(api) : api;
  const reply = await client.call('POST', '/api/auth/confirm', {
    token: account.token,
    body: { password: account.password ?? ACCOUNT_PASSWORD },
  });
  if (reply.status !== 200)
    throw new Error(`confirm: ${reply.status} ${reply.text ?? JSON.stringify(reply.body)}`);
  return { [CONFIRMATION_HEADER]: reply.body.confirmation as string };
}
