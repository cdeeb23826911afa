import type { Knex } from '@dayframe/service-kit/db';

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

/**
 * Tells `sessionsChanged` once the change can be read: at once outside a transaction, after the
 * commit inside one (told before it, a lookup made in between would read the old row and be
 * trusted again). A rolled-back transaction changed nothing and tells nothing. Identity opens no
 * nested transactions, whose end is not the commit.
 */
export function tellSessionsChanged(
  db: Knex,
  sessionsChanged: SessionsChanged,
  userId?: string,
): void {
  if (!db.isTransaction) return sessionsChanged(userId);
  void (db as Knex.Transaction).executionPromise.then(
    () => sessionsChanged(userId),
    () => {},
  );
}

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
  tellSessionsChanged(db, sessionsChanged, session.userId);
}

export async function isSessionRevoked(db: Knex, sid: string): Promise<boolean> {
  return (await revoked(db).where({ sid }).first('sid')) !== undefined;
}

/** Forgets revocations whose tokens have all expired (no session check can name them). */
export async function forgetExpiredRevocations(db: Knex, now: number): Promise<number> {
  return revoked(db).where('expires_at', '<', now).delete();
}
