import type { Knex } from '@dayframe/service-kit/db';
import type { AdminUsersSummary, ListedUser } from '@dayframe/contracts';
import { toUser, type UserRow } from './user-row.ts';

type ListedRow = Omit<UserRow, 'password_hash' | 'session_version'>;
/** A page row: the account and its second-factor flag (0/1 or a boolean, by database). */
type PageRow = ListedRow & { second_factor: number | string | boolean };

/** Where a user sits in the admin list: newest account first, ties by id. */
export type UserPosition = { createdAt: string; id: string };

/**
 * The admin search: `needle` (already trimmed and lower-cased) in the name, the e-mail or the
 * role as shown (anything but admin shows as user). `!` escapes LIKE's wildcards; it is a
 * single character in both MySQL and SQLite string literals, unlike a backslash.
 */
function matching(db: Knex, needle: string) {
  const query = db<ListedRow>('users');
  if (!needle) return query;
  const pattern = `%${needle.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  return query.where((any) => {
    any
      .whereRaw("LOWER(name) LIKE ? ESCAPE '!'", [pattern])
      .orWhereRaw("LOWER(email) LIKE ? ESCAPE '!'", [pattern]);
    if ('admin'.includes(needle)) any.orWhere('role', 'admin');
    if ('user'.includes(needle)) any.orWhereNot('role', 'admin');
  });
}

/**
 * Up to `limit` matching users, newest account first, after `after`: a keyset range on the
 * created_at index (whose entries carry the primary key in InnoDB), never an OFFSET scan.
 */
export async function findUsersPage(
  db: Knex,
  needle: string,
  limit: number,
  after?: UserPosition,
): Promise<{ users: ListedUser[]; last: UserPosition | null; more: boolean }> {
  const query = matching(db, needle).select(
    'id',
    'name',
    'email',
    'role',
    'verified',
    'created_at',
    secondFactorColumn(db),
  );
  if (after)
    query.andWhere((older) =>
      older
        .where('created_at', '<', after.createdAt)
        .orWhere((same) => same.where('created_at', after.createdAt).andWhere('id', '<', after.id)),
    );
  const rows = (await query
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1)) as unknown as PageRow[];
  const shown = rows.slice(0, limit);
  const lastRow = shown.at(-1);
  return {
    users: shown.map((row) => ({
      ...toUser(row),
      secondFactor: Number(row.second_factor) === 1 || row.second_factor === true,
    })),
    last: lastRow ? { createdAt: lastRow.created_at, id: lastRow.id } : null,
    more: rows.length > limit,
  };
}

/**
 * Whether the account has a second factor, in the page's own query: two EXISTS probes on the
 * factor tables' user keys (the primary key of totp_factors, passkeys_user_index), so a page
 * costs one query however many rows it shows. An authenticator app counts once it is on.
 */
function secondFactorColumn(db: Knex) {
  return db.raw(
    `CASE WHEN EXISTS (SELECT 1 FROM totp_factors
         WHERE totp_factors.user_id = users.id AND totp_factors.enabled_at IS NOT NULL)
       OR EXISTS (SELECT 1 FROM passkeys WHERE passkeys.user_id = users.id)
     THEN 1 ELSE 0 END AS second_factor`,
  );
}

/** How many users the search matches (all of them for an empty one). */
export async function countUsers(db: Knex, needle: string): Promise<number> {
  const row = await matching(db, needle).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Every account, the verified ones and the admins, in one pass. */
export async function summariseUsers(db: Knex): Promise<AdminUsersSummary> {
  const row = (await db('users')
    .select(
      db.raw('COUNT(*) AS users'),
      db.raw('COALESCE(SUM(CASE WHEN verified THEN 1 ELSE 0 END), 0) AS verified'),
      db.raw("COALESCE(SUM(CASE WHEN role = 'admin' THEN 1 ELSE 0 END), 0) AS admins"),
    )
    .first()) as { users: number | string; verified: number | string; admins: number | string };
  return { users: Number(row.users), verified: Number(row.verified), admins: Number(row.admins) };
}
