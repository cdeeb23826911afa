import { createHash, randomBytes } from 'node:crypto';
import { SIGN_IN_CHALLENGE_TTL_MS } from '@dayframe/contracts';
import type { IdentityScope } from '../scope.ts';

/** Which ceremony a WebAuthn challenge was handed out for; no other may take it. */
export type WebAuthnPurpose =
  'passkey-register' | 'passkey-sign-in' | 'passkey-confirm' | 'passkey-2fa';

const PURPOSES: WebAuthnPurpose[] = [
  'passkey-register',
  'passkey-sign-in',
  'passkey-confirm',
  'passkey-2fa',
];

/** A challenge taken back: the account it was for (none for a discoverable sign-in) and what the browser signed. */
export type TakenChallenge = { userId: string | null; webauthnChallenge: string };

/** The row key of an opaque id: a leaked table holds no challenge anyone can answer. */
export const challengeHash = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * Stores a WebAuthn challenge for `purpose` and answers the opaque id the browser's answer
 * comes back with (32 random bytes, base64url). It ends after five minutes, or at `expiresAt`
 * when that is sooner (a passkey step of a login ends with the login). `id` is for a challenge
 * whose id follows from another one (see `second-factor-step.ts`); it replaces one stored
 * before under the same id.
 */
export async function issueChallenge(
  scope: IdentityScope,
  row: {
    purpose: WebAuthnPurpose;
    userId: string | null;
    webauthnChallenge: string;
    id?: string;
    expiresAt?: number;
  },
): Promise<string> {
  const now = scope.clock.now();
  const id = row.id ?? randomBytes(32).toString('base64url');
  // The ended ones go as new ones come: the table stays as small as the ceremonies under way.
  await scope
    .db('sign_in_challenges')
    .whereIn('purpose', PURPOSES)
    .where('expires_at', '<=', now)
    .delete();
  await scope
    .db('sign_in_challenges')
    .where({ id_hash: challengeHash(id) })
    .delete();
  await scope.db('sign_in_challenges').insert({
    id_hash: challengeHash(id),
    purpose: row.purpose,
    user_id: row.userId,
    webauthn_challenge: row.webauthnChallenge,
    expires_at: Math.min(now + SIGN_IN_CHALLENGE_TTL_MS, row.expiresAt ?? Infinity),
  });
  return id;
}

type ChallengeRow = {
  user_id: string | null;
  webauthn_challenge: string;
  expires_at: number | string;
};

/**
 * Takes the challenge `id` for `purpose`, once: the row is deleted whatever the answer turns
 * out to be, and only the caller whose delete removed it gets it (two answers racing with the
 * same id: one wins). Null when there is none, it was for another purpose, or it has expired.
 */
export async function takeChallenge(
  scope: IdentityScope,
  id: string,
  purpose: WebAuthnPurpose,
): Promise<TakenChallenge | null> {
  const where = { id_hash: challengeHash(id), purpose };
  const row: ChallengeRow | undefined = await scope
    .db('sign_in_challenges')
    .where(where)
    .first('user_id', 'webauthn_challenge', 'expires_at');
  if (!row) return null;
  const deleted = await scope.db('sign_in_challenges').where(where).delete();
  if (deleted !== 1 || Number(row.expires_at) <= scope.clock.now()) return null;
  return { userId: row.user_id, webauthnChallenge: row.webauthn_challenge };
}
