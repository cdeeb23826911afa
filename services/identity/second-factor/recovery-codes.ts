import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@dayframe/contracts';
import type { Knex } from '@dayframe/service-kit/db';
import type { IdentityScope } from '../scope.ts';
import {
  replaceRecoveryCodes,
  unusedRecoveryCodes,
  useRecoveryCode,
} from '../data/recovery-codes-repo.ts';

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i): easy to copy by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/** `xxxxx-xxxxx`: 10 characters of 31, about 50 bits, from the CSPRNG. */
export function newRecoveryCode(): string {
  const pick = () =>
    Array.from({ length: GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

/** As typed or pasted: case, spaces and hyphens do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Whether `code` could be a recovery code at all (else it is not looked up). */
export function looksLikeRecoveryCode(code: string): boolean {
  const normalized = normalizeRecoveryCode(code);
  return normalized.length === 2 * GROUP && [...normalized].every((c) => ALPHABET.includes(c));
}

/**
 * Kept as HMACs under identity's code key, like mailed codes: 50 bits would stand up to a plain
 * hash for a while, but a keyed one also needs identity's secret. The prefix keeps a recovery
 * code's hash from ever equalling a mailed code's.
 */
const hashOf = (scope: IdentityScope, userId: string, code: string) =>
  scope.codeHasher.hash(userId, `recovery:${normalizeRecoveryCode(code)}`);

/** Makes a new set for the account, replacing every old one, and answers it (shown once). */
export async function makeRecoveryCodes(
  scope: IdentityScope,
  db: Knex,
  userId: string,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((code) => hashOf(scope, userId, code)),
  );
  return codes;
}

/** Spends `code` if it is one of the account's unused recovery codes; each works once. */
export async function spendRecoveryCode(
  scope: IdentityScope,
  userId: string,
  code: string,
): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const keyed = `recovery:${normalizeRecoveryCode(code)}`;
  const unused = await unusedRecoveryCodes(scope.db, userId);
  // Every stored hash is compared (in constant time), so the answer's timing says nothing of
  // which one matched.
  let match: number | null = null;
  for (const row of unused) if (scope.codeHasher.matches(userId, keyed, row.hash)) match = row.id;
  if (match === null) return false;
  return useRecoveryCode(scope.db, match, new Date(scope.clock.now()).toISOString());
}
