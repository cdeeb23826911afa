import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from '@dayframe/service-kit/db';

/**
 * Single-use sign-in challenges (issue 28): a login waiting for its second factor
 * (`second-factor`), and the WebAuthn ceremonies. The id handed out is 32 random bytes; only
 * its SHA-256 is stored, so a copy of the table holds no usable challenge.
 */
type ChallengeRow = {
  id_hash: string;
  purpose: string;
  user_id: string | null;
  webauthn_challenge: string | null;
  session_version: number | null;
  wrong: number;
  expires_at: number | string;
};

export type StoredChallenge = {
  idHash: string;
  purpose: string;
  userId: string | null;
  webauthnChallenge: string | null;
  sessionVersion: number | null;
  /** Wrong answers so far. */
  wrong: number;
  expiresAt: number;
};

export type NewChallenge = {
  purpose: string;
  userId?: string | null;
  webauthnChallenge?: string | null;
  sessionVersion?: number | null;
  expiresAt: number;
};

const challenges = (db: Knex) => db<ChallengeRow>('sign_in_challenges');

export function challengeHash(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

/**
 * Stores a new challenge and answers the id to hand out. Challenges past their time are
 * removed on the way, so the table holds only live ones (and those ended by wrong answers,
 * until their time is up).
 */
export async function createChallenge(db: Knex, challenge: NewChallenge, now: number) {
  const id = randomBytes(32).toString('base64url');
  await challenges(db).where('expires_at', '<=', now).delete();
  await challenges(db).insert({
    id_hash: challengeHash(id),
    purpose: challenge.purpose,
    user_id: challenge.userId ?? null,
    webauthn_challenge: challenge.webauthnChallenge ?? null,
    session_version: challenge.sessionVersion ?? null,
    wrong: 0,
    expires_at: challenge.expiresAt,
  });
  return id;
}

/** The challenge of this id and purpose when it has not expired at `now`, or null. */
export async function findLiveChallenge(
  db: Knex,
  id: string,
  purpose: string,
  now: number,
): Promise<StoredChallenge | null> {
  const row = await challenges(db)
    .where({ id_hash: challengeHash(id), purpose })
    .andWhere('expires_at', '>', now)
    .first();
  return row ? toChallenge(row) : null;
}

/**
 * Counts one wrong answer, atomically (never past `max`), and answers the count after it, or
 * null when the challenge is gone or was already at `max`.
 */
export async function countWrongAnswer(
  db: Knex,
  idHash: string,
  max: number,
): Promise<number | null> {
  return db.transaction(async (trx) => {
    const changed = await challenges(trx)
      .where({ id_hash: idHash })
      .andWhere('wrong', '<', max)
      .increment('wrong', 1);
    if (changed !== 1) return null;
    const row = await challenges(trx).where({ id_hash: idHash }).first('wrong');
    return row ? Number(row.wrong) : null;
  });
}

/**
 * Takes the challenge: deletes it if it is still live and has fewer than `maxWrong` wrong
 * answers. True for exactly one of any number of concurrent takers.
 */
export async function takeChallenge(
  db: Knex,
  idHash: string,
  now: number,
  maxWrong = Number.MAX_SAFE_INTEGER,
): Promise<boolean> {
  const deleted = await challenges(db)
    .where({ id_hash: idHash })
    .andWhere('expires_at', '>', now)
    .andWhere('wrong', '<', maxWrong)
    .delete();
  return deleted === 1;
}

/** Removes a challenge whatever its state (a login whose password changed meanwhile). */
export async function deleteChallenge(db: Knex, idHash: string): Promise<void> {
  await challenges(db).where({ id_hash: idHash }).delete();
}

function toChallenge(row: ChallengeRow): StoredChallenge {
  return {
    idHash: row.id_hash,
    purpose: row.purpose,
    userId: row.user_id,
    webauthnChallenge: row.webauthn_challenge,
    sessionVersion: row.session_version === null ? null : Number(row.session_version),
    wrong: Number(row.wrong),
    expiresAt: Number(row.expires_at),
  };
}
