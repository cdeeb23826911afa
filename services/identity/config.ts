import { z } from 'zod';
import { service } from '@dayframe/catalog';
import { optionalEnv, serviceConfig, signingConfig } from '@dayframe/service-kit/http';
import { serviceTokenSettings } from '@dayframe/service-kit/tokens';

/** bcrypt work factor: 12 by default (≈160 ms here); tests lower it to keep suites fast. */
export const bcryptCost = z.coerce.number().int().min(4).max(15).default(12);

/** Identity's own settings, also read by the gateway when it runs identity in-process. */
export const identitySettings = {
  BCRYPT_COST: bcryptCost,
  /** Sign-ups per client address per hour (a family or a classroom behind one address). */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Sign-ups per minute from everywhere: keeps a wave of them off the hashing slots logins need. */
  SIGNUPS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** How often unverified accounts past a week are removed. */
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(3_600_000),
  /**
   * The address whose account becomes admin when it is verified (`firstAdminRule`); stored
   * normalised as sign-up stores addresses (trimmed, lower case).
   */
  ADMIN_EMAIL: optionalEnv(
    z
      .string()
      .trim()
      .pipe(z.email({ error: 'must be an e-mail address' }))
      .transform((value) => value.toLowerCase()),
  ),
  /**
   * Passkeys (issue 28): the relying party id, the domain passkeys are bound to (a browser
   * offers a passkey only on that domain or below it), and the origins the app is opened on,
   * comma-separated. Required in production; see `relyingPartyOf` for the defaults elsewhere.
   */
  WEBAUTHN_RP_ID: optionalEnv(z.string().trim().toLowerCase().min(1)),
  WEBAUTHN_ORIGINS: optionalEnv(
    z.string().transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  ),
  /**
   * `true`: an admin without a second factor (authenticator app or passkey) is refused every
   * `/api/admin/*` call and sent to set one up first (issue 28, decision 0052).
   */
  REQUIRE_ADMIN_2FA: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** The token signing key and the code key: identity alone mints tokens. */
  ...signingConfig,
};

export function identityConfig(env: NodeJS.ProcessEnv = process.env) {
  // In its own process it also checks the service tokens of its callers (`SERVICE_TOKEN_SECRET`).
  return serviceConfig(
    service('identity').port,
    { ...identitySettings, ...serviceTokenSettings },
    env,
  );
}

/** What identity is built from: its own settings and the common ones (`REDIS_URL`, `DATA_DIR`, …). */
export type IdentityConfig = Pick<
  ReturnType<typeof identityConfig>,
  | keyof typeof identitySettings
  | 'NODE_ENV'
  | 'DATA_DIR'
  | 'REDIS_URL'
  | 'QUEUE_PREFIX'
  | 'JWT_PUBLIC_KEY'
>;

/** How an installation gets its admins besides the admin CLI (`IdentitySettings`). */
export type FirstAdminRule = { firstSignUpIsAdmin: boolean; adminEmail: string | null };

/**
 * In production nobody becomes admin by being first to sign up (on a fresh public deployment
 * that would be any stranger): the admin is `ADMIN_EMAIL` once that address is verified, or
 * whoever the admin CLI grants. Elsewhere the first account is still the admin, and
 * `ADMIN_EMAIL`, when set, is made admin on verification as well.
 */
export function firstAdminRule(
  config: Pick<IdentityConfig, 'NODE_ENV' | 'ADMIN_EMAIL'>,
): FirstAdminRule {
  return {
    firstSignUpIsAdmin: config.NODE_ENV !== 'production',
    adminEmail: config.ADMIN_EMAIL ?? null,
  };
}
