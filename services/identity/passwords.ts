import { createHash } from 'node:crypto';
import bcrypt from 'bcrypt';

/**
 * bcrypt reads only the first 72 bytes of its input, so a long password would be silently
 * truncated. Hashing it first with SHA-256 (base64: 44 bytes) makes every character count.
 */
function prehash(password: string): string {
  return createHash('sha256').update(password, 'utf8').digest('base64');
}

export type Passwords = {
  hash(password: string): Promise<string>;
  matches(password: string, hash: string): Promise<boolean>;
};

/** bcrypt's async API runs on the libuv pool, so a login never blocks the event loop. */
export function bcryptPasswords(cost: number): Passwords {
  return {
    hash: (password) => bcrypt.hash(prehash(password), cost),
    matches: (password, hash) => bcrypt.compare(prehash(password), hash),
  };
}
