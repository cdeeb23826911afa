import { z } from 'zod';
import { commonConfig, parseConfig } from '@dayframe/service-kit';

/** bcrypt work factor: 12 by default (≈160 ms here); tests lower it to keep suites fast. */
export const bcryptCost = z.coerce.number().int().min(4).max(15).default(12);

export function identityConfig(env: NodeJS.ProcessEnv = process.env) {
  return parseConfig(
    z.intersection(
      commonConfig,
      z.object({
        PORT: z.coerce.number().int().min(0).max(65_535).default(3001),
        BCRYPT_COST: bcryptCost,
        QUEUE_PREFIX: z.string().default('dayframe'),
      }),
    ),
    env,
  );
}
