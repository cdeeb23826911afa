import type { Clock, JobBus, Knex, Logger, RateLimiter, TokenIssuer } from '@dayframe/service-kit';
import type { UsersRepo } from './data/users-repo.ts';
import type { CodesRepo } from './data/codes-repo.ts';
import type { SessionsRepo } from './data/sessions-repo.ts';
import type { OutboxRepo } from './data/outbox-repo.ts';
import type { OutboxRelay } from './outbox-relay.ts';
import type { Passwords } from './passwords.ts';
import type { CodeHasher } from './codes.ts';

/** What the identity use cases work with; built once by `createIdentity`. */
export type IdentityContext = {
  db: Knex;
  users: UsersRepo;
  codes: CodesRepo;
  sessions: SessionsRepo;
  outbox: OutboxRepo;
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
