import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_COOLDOWN_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_HOUR = 5;
/** A token from a code verification may change the password for this long. */
export const PASSWORD_CHANGE_WINDOW_MS = 10 * 60_000;

/** Six digits from the CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Codes are kept only as a keyed hash: with a million possible codes a plain hash would be
 * reversed at once by anyone holding the table, an HMAC needs the server's key too.
 */
export function codeHasher(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'dayframe', 'verification-codes', 32));
  const hash = (userId: string, code: string) =>
    createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');
  return {
    hash,
    matches(userId: string, code: string, stored: string): boolean {
      const candidate = Buffer.from(hash(userId, code), 'hex');
      const expected = Buffer.from(stored, 'hex');
      return candidate.length === expected.length && timingSafeEqual(candidate, expected);
    },
  };
}
export type CodeHasher = ReturnType<typeof codeHasher>;
