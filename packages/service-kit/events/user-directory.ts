import { EXISTING_USERS_MAX, existingUsersResponse } from '@dayframe/contracts';
import { internalClient } from '../http/internal-client.ts';
import type { ServiceCaller } from '../tokens/service-tokens.ts';

/** Which of some user ids still have an account; throws when identity cannot say. */
export type UserDirectory = {
  existing(ids: string[]): Promise<Set<string>>;
  close?(): Promise<void>;
};

/**
 * Asks identity's `POST /internal/users/existing` over HTTP as `caller` (services in their own process);
 * in-process the identity module answers directly. Anything but a well-formed 200 throws, so a
 * caller never mistakes an unreachable identity for "nobody exists".
 */
export function remoteUserDirectory(
  identityUrl: string,
  caller: ServiceCaller,
): Required<UserDirectory> {
  const identity = internalClient(identityUrl, {
    name: 'identity',
    caller,
    deadlineMs: 10_000,
    connections: 2,
  });
  return {
    async existing(ids) {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += EXISTING_USERS_MAX) {
        const answer = await identity.call(
          {
            method: 'POST',
            path: '/internal/users/existing',
            body: { ids: ids.slice(i, i + EXISTING_USERS_MAX) },
          },
          existingUsersResponse,
        );
        for (const id of answer.existing) found.add(id);
      }
      return found;
    },
    close: () => identity.close(),
  };
}
