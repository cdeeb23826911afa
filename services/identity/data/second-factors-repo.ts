import type { Knex } from '@dayframe/service-kit/db';
import type { Passkey } from '@dayframe/contracts';

/** What guards an account besides its password (issue 28). */
export type SecondFactors = { totp: boolean; passkeys: number };

/** Which second factors the account has: a login asks for one when either is there. */
export async function secondFactorsOf(db: Knex, userId: string): Promise<SecondFactors> {
  const [totp, passkeys] = await Promise.all([
    db('totp_factors').where({ user_id: userId }).whereNotNull('enabled_at').first('user_id'),
    db('passkeys').where({ user_id: userId }).count({ n: '*' }).first(),
  ]);
  return { totp: Boolean(totp), passkeys: Number(passkeys?.n ?? 0) };
}

type PasskeyListRow = { id: string; name: string; created_at: string; last_used_at: string | null };

/** The account's passkeys as Settings lists them, oldest first. */
export async function passkeysOf(db: Knex, userId: string): Promise<Passkey[]> {
  const rows: PasskeyListRow[] = await db('passkeys')
    .where({ user_id: userId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select('id', 'name', 'created_at', 'last_used_at');
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}
