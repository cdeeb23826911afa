import type { Knex } from '@dayframe/service-kit/db';

type RecoveryCodeRow = { id: number; user_id: string; code_hash: string; used_at: string | null };

const codes = (db: Knex) => db<RecoveryCodeRow>('recovery_codes');

/** Replaces every recovery code of the account (used or not) with these hashes. */
export async function replaceRecoveryCodes(db: Knex, userId: string, hashes: string[]) {
  await codes(db).where({ user_id: userId }).delete();
  await codes(db).insert(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
}

export async function deleteRecoveryCodes(db: Knex, userId: string): Promise<void> {
  await codes(db).where({ user_id: userId }).delete();
}

/** The unused codes' ids and hashes: the caller compares in constant time. */
export async function unusedRecoveryCodes(
  db: Knex,
  userId: string,
): Promise<Array<{ id: number; hash: string }>> {
  const rows = await codes(db)
    .where({ user_id: userId })
    .whereNull('used_at')
    .select('id', 'code_hash');
  return rows.map((row) => ({ id: Number(row.id), hash: row.code_hash }));
}

/** Marks a code used, only if it still is unused: two uses at once let one through. */
export async function useRecoveryCode(db: Knex, id: number, at: string): Promise<boolean> {
  return (await codes(db).where({ id }).whereNull('used_at').update({ used_at: at })) === 1;
}

export async function recoveryCodesLeft(db: Knex, userId: string): Promise<number> {
  const row = await codes(db)
    .where({ user_id: userId })
    .whereNull('used_at')
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}
