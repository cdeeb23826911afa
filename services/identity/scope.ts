import type { Clock, Logger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { JobBus } from '@dayframe/service-kit/jobs';
import type { TokenIssuer } from '@dayframe/service-kit/tokens';
import type { RateLimiter } from '@dayframe/service-kit/limits';
import type { SessionsChanged } from './data/sessions-repo.ts';
import type { OutboxRelay } from './outbox-relay.ts';
import type { Passwords } from './passwords.ts';
import type { CodeHasher } from './codes.ts';
import type { FactorSecrets } from './second-factor/factor-secrets.ts';
import type { FirstAdminRule } from './config.ts';
import type { RelyingParty } from './passkeys/relying-party.ts';

/** What the identity use cases work with; built once by `createIdentity`. */
export type IdentityScope = {
  /** Where the repositories (`data/`) read and write; a use case may open a transaction on it. */
  db: Knex;
  /**
   * Clears the in-process session cache for a user (or everyone). Passed to every repository
   * write the session check reads, which calls it; a use case never calls it by hand.
   */
  sessionsChanged: SessionsChanged;
  /** Told after a commit that added outbox rows. */
  relay: Pick<OutboxRelay, 'kick'>;
  passwords: Passwords;
  codeHasher: CodeHasher;
  /** Seals and opens authenticator-app secrets with a key only identity holds. */
  factorSecrets: FactorSecrets;
  tokens: TokenIssuer;
  jobs: JobBus;
  limiter: RateLimiter;
  clock: Clock;
  log: Logger;
  settings: IdentitySettings;
  /** Whom passkeys are made for (`WEBAUTHN_RP_ID`, `WEBAUTHN_ORIGINS`). */
  relyingParty: RelyingParty;
};

/** What an installation may tune (see `identityConfig`). */
export type IdentitySettings = FirstAdminRule & {
  signupsPerAddressPerHour: number;
  signupsPerMinute: number;
  /** `REQUIRE_ADMIN_2FA`: admins must have a second factor before any admin call. */
  requireAdminSecondFactor: boolean;
};
