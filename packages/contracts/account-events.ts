import { z } from 'zod';

/**
 * Identity announces each account deletion once, on this topic, after the deletion committed.
 * Every service that keeps rows per user subscribes under its own name; identity knows none of
 * them. The event carries the user id only: nothing secret, nothing to outlive the account.
 * Identity signs it with its token key; a subscriber acts only on a valid signature (issue 24).
 */
export const ACCOUNT_DELETED = 'account.deleted';

export const accountDeletedEvent = z.object({
  /** The outbox row the event came from: the same id on every redelivery. */
  id: z.string(),
  userId: z.string(),
  /** When the account was deleted (ISO 8601). Added with the signature; older events lack it. */
  at: z.string().optional(),
  /**
   * Identity's signature over the topic, `id`, `userId` and `at`: a compact JWS made with its
   * token key (service-kit `/tokens`, `signEvent`). Optional here so that a tolerant reader still
   * parses an older event; `keepAccountDataInStep` drops an event without a valid one.
   */
  signature: z.string().optional(),
});
export type AccountDeletedEvent = z.infer<typeof accountDeletedEvent>;

/** The most ids one `POST /internal/users/existing` asks about. */
export const EXISTING_USERS_MAX = 500;

/**
 * `POST /internal/users/existing`: which of these user ids still have an account. Services
 * ask it to sweep rows whose user is gone (an event lost or never delivered).
 */
export const existingUsersRequest = z.object({
  ids: z.array(z.string().max(64)).max(EXISTING_USERS_MAX),
});
export type ExistingUsersRequest = z.infer<typeof existingUsersRequest>;
export const existingUsersResponse = z.object({ existing: z.array(z.string()) });
export type ExistingUsersResponse = z.infer<typeof existingUsersResponse>;
