import type { Knex } from '@dayframe/service-kit';

// Sessions ended by Log Out, kept until every token naming them has expired.

type RevokedRow = { sid: string; user_id: string; expires_at: number | string };

const revoked = (db: Knex) => db<RevokedRow>('revoked_sessions');

export async function revokeSession(
  db: Knex,
  sid: string,
  userId: string,
  expiresAt: number,
): Promise<void> {
  await revoked(db)
    .insert({ sid, user_id: userId, expires_at: expiresAt })
    .onConflict('sid')
    .ignore();
}

export async function isSessionRevoked(db: Knex, sid: string): Promise<boolean> {
  return (await revoked(db).where({ sid }).first('sid')) !== undefined;
}

/** Forgets revocations whose tokens have all expired. */
export async function forgetExpiredRevocations(db: Knex, now: number): Promise<number> {
  return revoked(db).where('expires_at', '<', now).delete();
}
