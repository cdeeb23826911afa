import type { Knex } from '@dayframe/service-kit';

// Sessions ended by Log Out, kept until every token naming them has expired.

type RevokedRow = { sid: string; user_id: string; expires_at: number | string };

/**
 * Told after every write to what the session check reads (a revocation; a user's verified flag,
 * role, session version or the row itself), so that sessions confirmed a moment ago are asked
 * again: in the embedded topology a logout or a password change holds at once. One user's id,
 * or none when the change may touch anyone (a role set by e-mail, a batch deletion). The
 * repositories' writes take it as a required argument, so no use case can forget to tell.
 */
export type SessionsChanged = (userId?: string) => void;

const revoked = (db: Knex) => db<RevokedRow>('revoked_sessions');

export async function revokeSession(
  db: Knex,
  sessionsChanged: SessionsChanged,
  session: { sid: string; userId: string; expiresAt: number },
): Promise<void> {
  await revoked(db)
    .insert({ sid: session.sid, user_id: session.userId, expires_at: session.expiresAt })
    .onConflict('sid')
    .ignore();
  sessionsChanged(session.userId);
}

export async function isSessionRevoked(db: Knex, sid: string): Promise<boolean> {
  return (await revoked(db).where({ sid }).first('sid')) !== undefined;
}

/** Forgets revocations whose tokens have all expired (no session check can name them). */
export async function forgetExpiredRevocations(db: Knex, now: number): Promise<number> {
  return revoked(db).where('expires_at', '<', now).delete();
}
