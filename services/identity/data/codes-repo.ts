import { type Knex, isMysql } from '@dayframe/service-kit/db';

type CodeRow = {
  user_id: string;
  code_hash: string | null;
  expires_at: number | string;
  attempts: number;
  sent_at: number | string;
  window_start: number | string;
  window_count: number;
};

/** One user's code state: the live code (if any) and the send history the limits read. */
export type CodeState = {
  codeHash: string | null;
  expiresAt: number;
  attempts: number;
  sentAt: number;
  windowStart: number;
  windowCount: number;
};

const codes = (db: Knex) => db<CodeRow>('verification_codes');

/** Reads and, on MySQL, locks the row so concurrent sends and checks queue up. */
export async function codeStateForUpdate(
  trx: Knex.Transaction,
  userId: string,
): Promise<CodeState | null> {
  const query = codes(trx).where({ user_id: userId }).first();
  const row = await (isMysql(trx) ? query.forUpdate() : query);
  return row ? toState(row) : null;
}

export async function saveCodeState(
  trx: Knex.Transaction,
  userId: string,
  state: CodeState,
): Promise<void> {
  const row: CodeRow = {
    user_id: userId,
    code_hash: state.codeHash,
    expires_at: state.expiresAt,
    attempts: state.attempts,
    sent_at: state.sentAt,
    window_start: state.windowStart,
    window_count: state.windowCount,
  };
  await codes(trx).insert(row).onConflict('user_id').merge();
}

/**
 * Forgets the live code when the address it was sent to is no longer the user's. The
 * cooldown was about that address, so it goes too; the hourly cap stays.
 */
export async function forgetCodeForNewAddress(db: Knex, userId: string): Promise<void> {
  await codes(db).where({ user_id: userId }).update({ code_hash: null, sent_at: 0, attempts: 0 });
}

function toState(row: CodeRow): CodeState {
  return {
    codeHash: row.code_hash,
    expiresAt: Number(row.expires_at),
    attempts: Number(row.attempts),
    sentAt: Number(row.sent_at),
    windowStart: Number(row.window_start),
    windowCount: Number(row.window_count),
  };
}
