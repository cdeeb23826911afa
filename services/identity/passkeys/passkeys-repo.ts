import { createHash } from 'node:crypto';
import type { Knex } from '@dayframe/service-kit/db';
import type { Passkey } from '@dayframe/contracts';

/** A stored WebAuthn credential, as a ceremony needs it. */
export type StoredPasskey = {
  id: string;
  userId: string;
  /** base64url, as the browser names it. */
  credentialId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

type PasskeyRow = {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

/** The unique key a credential is found by: SHA-256 (hex) of its id's bytes. */
export function credentialKey(credentialId: string): string {
  return createHash('sha256').update(Buffer.from(credentialId, 'base64url')).digest('hex');
}

function fromRow(row: PasskeyRow): StoredPasskey {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports ? row.transports.split(',') : [],
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** What Settings shows of a passkey: never the credential. */
export function toPublicPasskey(passkey: StoredPasskey): Passkey {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt,
    lastUsedAt: passkey.lastUsedAt,
  };
}

export async function storedPasskeysOf(db: Knex, userId: string): Promise<StoredPasskey[]> {
  const rows: PasskeyRow[] = await db('passkeys')
    .where({ user_id: userId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return rows.map(fromRow);
}

export async function findPasskeyByCredential(
  db: Knex,
  credentialId: string,
): Promise<StoredPasskey | null> {
  const row: PasskeyRow | undefined = await db('passkeys')
    .where({ credential_key: credentialKey(credentialId) })
    .first();
  return row ? fromRow(row) : null;
}

/** The passkey `id` of `userId`: another account's is not found, exactly like none at all. */
export async function findOwnPasskey(
  db: Knex,
  userId: string,
  id: string,
): Promise<StoredPasskey | null> {
  const row: PasskeyRow | undefined = await db('passkeys').where({ id, user_id: userId }).first();
  return row ? fromRow(row) : null;
}

/** Stores a new credential; false when that credential is registered already (to anyone). */
export async function insertPasskey(db: Knex, passkey: StoredPasskey): Promise<boolean> {
  const key = credentialKey(passkey.credentialId);
  await db('passkeys')
    .insert({
      id: passkey.id,
      user_id: passkey.userId,
      credential_key: key,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports.join(','),
      name: passkey.name,
      created_at: passkey.createdAt,
      last_used_at: null,
    })
    .onConflict('credential_key')
    .ignore();
  // SQLite and MariaDB answer an ignored insert differently: read back whose it is.
  const owner = await db('passkeys').where({ credential_key: key }).first('id');
  return owner?.id === passkey.id;
}

export async function renamePasskey(
  db: Knex,
  userId: string,
  id: string,
  name: string,
): Promise<boolean> {
  return (await db('passkeys').where({ id, user_id: userId }).update({ name })) === 1;
}

export async function deletePasskey(db: Knex, userId: string, id: string): Promise<boolean> {
  return (await db('passkeys').where({ id, user_id: userId }).delete()) === 1;
}

/**
 * Records a use: the authenticator's new counter and when. The update holds only while the
 * stored counter is still the one the check compared against, so of two assertions racing with
 * the same counter only one counts (the other is a clone or a replay).
 */
export async function recordPasskeyUse(
  db: Knex,
  passkey: StoredPasskey,
  newCounter: number,
  at: string,
): Promise<boolean> {
  const updated = await db('passkeys')
    .where({ id: passkey.id, counter: passkey.counter })
    .update({ counter: newCounter, last_used_at: at });
  return updated === 1;
}
