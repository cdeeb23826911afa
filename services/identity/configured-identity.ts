import type { Clock, Logger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { JobBus } from '@dayframe/service-kit/jobs';
import type { EventBus } from '@dayframe/service-kit/events';
import {
  createTokenIssuer,
  resolveCodeSecret,
  resolveSigningKey,
  type ServiceKey,
  type TokenIssuer,
} from '@dayframe/service-kit/tokens';
import {
  memoryRateLimiter,
  redisRateLimiter,
  type RateLimiter,
} from '@dayframe/service-kit/limits';
import { systemClock } from '@dayframe/service-kit/http';
import { firstAdminRule, type IdentityConfig } from './config.ts';
import { createIdentity, type Identity } from './identity-service.ts';
import { relyingPartyOf } from './passkeys/relying-party.ts';

/** Identity with the token issuer and rate limiter its settings call for. */
export type ConfiguredIdentity = { identity: Identity; issuer: TokenIssuer; limiter: RateLimiter };

/**
 * Identity as its settings describe it (signing key, code key, bcrypt cost, sign-up limits,
 * who becomes admin),
 * on the database and buses it is given: the one construction that identity's own process, the
 * embedded app and the admin CLI share. Rate limits are counted in Redis when `REDIS_URL` is
 * set (shared by every replica) and in memory otherwise, unless a `limiter` is given.
 */
export function configuredIdentity(
  config: IdentityConfig,
  parts: {
    db: Knex;
    jobs: JobBus;
    events: EventBus;
    log: Logger;
    /** The deployment's service-token key, for its `/internal/*` check. */
    serviceKey: ServiceKey;
    clock?: Clock;
    limiter?: RateLimiter;
    /**
     * The port the browser opens the app on, for the passkey origin's default outside
     * production: the embedded app's own `PORT`; the gateway's 8080 when not given.
     */
    appPort?: number;
  },
): ConfiguredIdentity {
  const signingKey = resolveSigningKey(config);
  const issuer = createTokenIssuer(signingKey);
  const limiter =
    parts.limiter ??
    (config.REDIS_URL
      ? redisRateLimiter(config.REDIS_URL, config.QUEUE_PREFIX, parts.log)
      : memoryRateLimiter(parts.clock ?? systemClock));
  const identity = createIdentity({
    db: parts.db,
    tokens: issuer,
    secret: resolveCodeSecret(config, signingKey),
    jobs: parts.jobs,
    events: parts.events,
    limiter,
    log: parts.log,
    serviceKey: parts.serviceKey,
    bcryptCost: config.BCRYPT_COST,
    signupsPerAddressPerHour: config.SIGNUPS_PER_ADDRESS_PER_HOUR,
    signupsPerMinute: config.SIGNUPS_PER_MINUTE,
    houseKeepingEveryMs: config.HOUSEKEEPING_INTERVAL_MS,
    requireAdminSecondFactor: config.REQUIRE_ADMIN_2FA,
    ...firstAdminRule(config),
    relyingParty: relyingPartyOf(config, parts.appPort),
    clock: parts.clock,
  });
  return { identity, issuer, limiter };
}
