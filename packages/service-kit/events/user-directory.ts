import { Pool } from 'undici';
import { EXISTING_USERS_MAX, existingUsersResponse } from '@dayframe/contracts';

/** Which of some user ids still have an account; throws when identity cannot say. */
export type UserDirectory = {
  existing(ids: string[]): Promise<Set<string>>;
  close?(): Promise<void>;
};

/**
 * Asks identity's `POST /internal/users/existing` over HTTP (services in their own process);
 * in-process the identity module answers directly. Anything but a well-formed 200 throws, so a
 * caller never mistakes an unreachable identity for "nobody exists".
 */
export function remoteUserDirectory(identityUrl: string): Required<UserDirectory> {
  const pool = new Pool(new URL(identityUrl).origin, {
    connections: 2,
    connectTimeout: 2_000,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  return {
    async existing(ids) {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += EXISTING_USERS_MAX) {
        const response = await pool.request({
          path: '/internal/users/existing',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ids: ids.slice(i, i + EXISTING_USERS_MAX) }),
        });
        const body: unknown = await response.body.json().catch(() => null);
        const parsed = existingUsersResponse.safeParse(body);
        if (response.statusCode !== 200 || !parsed.success)
          throw new Error(`identity answered ${response.statusCode} to a user check`);
        for (const id of parsed.data.existing) found.add(id);
      }
      return found;
    },
    close: () => pool.close(),
  };
}
