import { z } from 'zod';
import { service } from '@dayframe/catalog';
import { serviceConfig, signingConfig } from '@dayframe/service-kit/http';

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
  /** The token signing key and the code key: identity alone mints tokens. */
  ...signingConfig,
};

export function identityConfig(env: NodeJS.ProcessEnv = process.env) {
  return serviceConfig(service('identity').port, identitySettings, env);
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
