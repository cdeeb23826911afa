import type { Knex } from '@dayframe/service-kit/db';

type TotpRow = {
  user_id: string;
  secret_enc: string;
  enabled_at: string | null;
  last_step: number | string | null;
};

/** An account's authenticator-app factor; the secret still sealed (`factor-secrets.ts`). */
export type StoredTotp = {
  sealedSecret: string;
  enabledAt: string | null;
  lastStep: number | null;
};

const totp = (db: Knex) => db<TotpRow>('totp_factors');

export async function findTotp(db: Knex, userId: string): Promise<StoredTotp | null> {
  const row = await totp(db).where({ user_id: userId }).first();
  if (!row) return null;
  return {
    sealedSecret: row.secret_enc,
    enabledAt: row.enabled_at,
    lastStep: row.last_step === null ? null : Number(row.last_step),
  };
}

/** Starts (or starts over) a set-up: a new secret, not on until its first code is entered. */
export async function savePendingTotp(db: Knex, userId: string, sealedSecret: string) {
  await totp(db)
    .insert({ user_id: userId, secret_enc: sealedSecret, enabled_at: null, last_step: null })
    .onConflict('user_id')
    .merge();
}

/**
 * Takes the step a code was accepted for, only when it is newer than every step taken before:
 * one conditional UPDATE, so of two requests with the same code exactly one gets the row.
 * With `enabledAt`, also turns a pending set-up on (and only a pending one).
 */
export async function takeTotpStep(
  db: Knex,
  userId: string,
  step: number,
  enabledAt?: string,
): Promise<boolean> {
  const query = totp(db)
    .where({ user_id: userId })
    .andWhere((q) => q.whereNull('last_step').orWhere('last_step', '<', step));
  if (enabledAt) query.whereNull('enabled_at');
  else query.whereNotNull('enabled_at');
  const changed = await query.update({
    last_step: step,
    ...(enabledAt ? { enabled_at: enabledAt } : {}),
  });
  return changed === 1;
}

export async function deleteTotp(db: Knex, userId: string): Promise<void> {
  await totp(db).where({ user_id: userId }).delete();
}
