import { createHash } from 'node:crypto';
import bcrypt from 'bcrypt';
import { hashingSlots, type HashingSlots } from './hashing-slots.ts';

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

/** bcrypt through the async API, a few at a time (see `hashingSlots`). */
export function bcryptPasswords(cost: number, slots: HashingSlots = hashingSlots()): Passwords {
  return {
    hash: (password) => slots.run(() => bcrypt.hash(prehash(password), cost)),
    matches: (password, hash) => slots.run(() => bcrypt.compare(prehash(password), hash)),
  };
}
