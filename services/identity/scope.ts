import type { Clock, JobBus, Knex, Logger, RateLimiter, TokenIssuer } from '@dayframe/service-kit';
import type { OutboxRelay } from './outbox-relay.ts';
import type { Passwords } from './passwords.ts';
import type { CodeHasher } from './codes.ts';

/** What the identity use cases work with; built once by `createIdentity`. */
export type IdentityScope = {
  /** Where the repositories (`data/`) read and write; a use case may open a transaction on it. */
  db: Knex;
  /** Told after a commit that added outbox rows. */
  relay: Pick<OutboxRelay, 'kick'>;
  passwords: Passwords;
  codeHasher: CodeHasher;
  tokens: TokenIssuer;
  jobs: JobBus;
  limiter: RateLimiter;
  clock: Clock;
  log: Logger;
  settings: IdentitySettings;
};

/** What an installation may tune (see `identityConfig`). */
export type IdentitySettings = { signupsPerAddressPerHour: number; signupsPerMinute: number };
