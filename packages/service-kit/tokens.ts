import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import type { Role } from '@dayframe/contracts';

/**
 * What a Dayframe token says. `sv` is the user's session version: a password change or an
 * account deletion bumps or removes it, which retires every token issued before. `otp` is the
 * time (seconds) a code was verified, present only on tokens returned by code verification.
 */
export type TokenClaims = {
  sub: string;
  role: Role;
  sv: number;
  otp?: number;
  iat: number;
  exp: number;
};

export type TokenInput = { sub: string; role: Role; sv: number; otp?: number };

export type Tokens = {
  sign(input: TokenInput): string;
  /** The claims of a well-formed, unexpired HS256 token signed with our secret; else null. */
  verify(token: string): TokenClaims | null;
};

const ALGORITHM = 'HS256';

/** Signs and verifies tokens. A key object, not a string, because it verifies ~50× faster. */
export function createTokens(
  secret: string,
  options: { ttlSeconds?: number; now?: () => number } = {},
): Tokens {
  const key: KeyObject = createSecretKey(Buffer.from(secret, 'utf8'));
  const ttlSeconds = options.ttlSeconds ?? 7 * 24 * 3600;
  const now = options.now ?? Date.now;
  return {
    sign(input) {
      const iat = Math.floor(now() / 1000);
      const payload: Record<string, unknown> = {
        sub: input.sub,
        role: input.role,
        sv: input.sv,
        iat,
        exp: iat + ttlSeconds,
      };
      if (input.otp !== undefined) payload.otp = input.otp;
      return jwt.sign(payload, key, { algorithm: ALGORITHM });
    },
    verify(token) {
      try {
        const claims = jwt.verify(token, key, {
          algorithms: [ALGORITHM],
          clockTimestamp: Math.floor(now() / 1000),
        });
        return isClaims(claims) ? claims : null;
      } catch {
        return null;
      }
    },
  };
}

function isClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.sub === 'string' &&
    (c.role === 'user' || c.role === 'admin') &&
    Number.isInteger(c.sv) &&
    typeof c.exp === 'number' &&
    typeof c.iat === 'number' &&
    (c.otp === undefined || typeof c.otp === 'number')
  );
}

/**
 * The signing secret: `JWT_SECRET` when set (config has already refused a short one in
 * production); otherwise one made up once and kept in `DATA_DIR`, so laptop sessions survive
 * a restart and every process of one checkout agrees.
 */
export function resolveJwtSecret(config: { JWT_SECRET?: string; DATA_DIR: string }): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = join(config.DATA_DIR, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(file, 'utf8').trim(); // another process won the race
    }
  }
}
