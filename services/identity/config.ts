import { z } from 'zod';
import { serviceConfig } from '@dayframe/service-kit';

/** bcrypt work factor: 12 by default (≈160 ms here); tests lower it to keep suites fast. */
export const bcryptCost = z.coerce.number().int().min(4).max(15).default(12);

export function identityConfig(env: NodeJS.ProcessEnv = process.env) {
  return serviceConfig(3001, { BCRYPT_COST: bcryptCost }, env);
}
