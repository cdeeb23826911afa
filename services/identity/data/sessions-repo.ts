import type { Knex } from '@dayframe/service-kit';

type RevokedRow = { sid: string; user_id: string; expires_at: number | string };

export type SessionsRepo = ReturnType<typeof sessionsRepo>;

/**
 * Sessions ended by Log Out, kept until every token naming them has expired. `sessionsChanged`
 * is told of each, so a session confirmed a moment ago is asked again.
 */
export function sessionsRepo(db: Knex, sessionsChanged: (userId: string) => void = () => {}) {
  const revoked = () => db<RevokedRow>('revoked_sessions');
  return {
    async revoke(sid: string, userId: string, expiresAt: number): Promise<void> {
      await revoked()
        .insert({ sid, user_id: userId, expires_at: expiresAt })
        .onConflict('sid')
        .ignore();
      sessionsChanged(userId);
    },
    async isRevoked(sid: string): Promise<boolean> {
      return (await revoked().where({ sid }).first('sid')) !== undefined;
    },
    /** Forgets revocations whose tokens have all expired. */
    async forgetExpired(now: number): Promise<number> {
      return revoked().where('expires_at', '<', now).delete();
    },
  };
}
