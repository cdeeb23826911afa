import type { Clock, JobBus, Knex, Logger, RateLimiter, Tokens } from '@dayframe/service-kit';
import type { UsersRepo } from './data/users-repo.ts';
import type { CodesRepo } from './data/codes-repo.ts';
import type { Passwords } from './passwords.ts';
import type { CodeHasher } from './codes.ts';

/** What the identity use cases work with; built once by `createIdentity`. */
export type IdentityContext = {
  db: Knex;
  users: UsersRepo;
  codes: CodesRepo;
  passwords: Passwords;
  codeHasher: CodeHasher;
  tokens: Tokens;
  jobs: JobBus;
  limiter: RateLimiter;
  clock: Clock;
  log: Logger;
};
