import { conflict } from '@dayframe/service-kit/http';
import { batchesOf, isDuplicateKey, type Knex } from '@dayframe/service-kit/db';
import type { Role, User } from '@dayframe/contracts';
import { tellSessionsChanged, type SessionsChanged } from './sessions-repo.ts';
import { toStoredUser, type StoredUser, type UserRow } from './user-row.ts';

export type NewUser = {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  createdAt: string;
};

const users = (db: Knex) => db<UserRow>('users');

export async function findUserByEmail(db: Knex, email: string): Promise<StoredUser | null> {
  const row = await users(db).where({ email }).first();
  return row ? toStoredUser(row) : null;
}

export async function findUserById(db: Knex, id: string): Promise<StoredUser | null> {
  const row = await users(db).where({ id }).first();
  return row ? toStoredUser(row) : null;
}

/**
 * Creates a user; with `claimFirstAdmin` the very first account of the installation becomes an
 * admin (not in production: `firstAdminRule`), otherwise every new account is a user. Counting
 * users first would let concurrent first sign-ups all see an empty table, so the new user
 * claims the one `first_admin` row instead: the claim takes its row lock, and a second
 * sign-up waiting on it finds it claimed once the first commits.
 */
export async function createUser(
  db: Knex,
  user: NewUser,
  emailTakenMessage: string,
  claimFirstAdmin = true,
): Promise<StoredUser> {
  try {
    return await db.transaction(async (trx) => {
      const claimed = claimFirstAdmin
        ? await trx('first_admin')
            .where({ id: 1 })
            .whereNull('user_id')
            .update({ user_id: user.id })
        : 0;
      const role: Role = claimed > 0 ? 'admin' : 'user';
      const row: UserRow = {
        id: user.id,
        name: user.name,
        email: user.email,
        password_hash: user.passwordHash,
        role,
        verified: false,
        session_version: 0,
        created_at: user.createdAt,
      };
      await users(trx).insert(row);
      return toStoredUser(row);
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw conflict(emailTakenMessage, 'email_in_use');
    throw error;
  }
}

/** Marks the address verified; `role` also changes the role in the same write (`ADMIN_EMAIL`). */
export async function markUserVerified(
  db: Knex,
  sessionsChanged: SessionsChanged,
  id: string,
  role?: Role,
): Promise<void> {
  await users(db)
    .where({ id })
    .update({ verified: true, ...(role ? { role } : {}) });
  tellSessionsChanged(db, sessionsChanged, id);
}

/** Stores a new hash and retires every token issued before. */
export async function changeUserPassword(
  db: Knex,
  sessionsChanged: SessionsChanged,
  id: string,
  passwordHash: string,
): Promise<void> {
  await users(db)
    .where({ id })
    .update({ password_hash: passwordHash, session_version: db.raw('session_version + 1') });
  tellSessionsChanged(db, sessionsChanged, id);
}

/** Retires every token issued before (other devices included). */
export async function bumpSessionVersion(
  db: Knex,
  sessionsChanged: SessionsChanged,
  id: string,
): Promise<void> {
  await users(db)
    .where({ id })
    .update({ session_version: db.raw('session_version + 1') });
  tellSessionsChanged(db, sessionsChanged, id);
}

/** Unverified accounts created before `createdBefore` (an ISO instant), oldest first. */
export async function unverifiedUserIdsBefore(db: Knex, createdBefore: string): Promise<string[]> {
  const rows = await users(db)
    .where({ verified: false })
    .andWhere('created_at', '<', createdBefore)
    .orderBy('created_at')
    .limit(1000)
    .select('id');
  return rows.map((row) => row.id);
}

/** Renames and re-addresses; a new address must be verified again. */
export async function updateUserProfile(
  db: Knex,
  sessionsChanged: SessionsChanged,
  id: string,
  changes: { name: string; email: string; emailChanged: boolean },
  emailTakenMessage: string,
): Promise<void> {
  try {
    await users(db)
      .where({ id })
      .update({
        name: changes.name,
        email: changes.email,
        ...(changes.emailChanged ? { verified: false } : {}),
      });
    if (changes.emailChanged) tellSessionsChanged(db, sessionsChanged, id);
  } catch (error) {
    if (isDuplicateKey(error)) throw conflict(emailTakenMessage, 'email_in_use');
    throw error;
  }
}

/** The user is known only by e-mail here, so every cached session is asked again. */
export async function setUserRole(
  db: Knex,
  sessionsChanged: SessionsChanged,
  email: string,
  role: Role,
): Promise<boolean> {
  const changed = (await users(db).where({ email }).update({ role })) > 0;
  tellSessionsChanged(db, sessionsChanged);
  return changed;
}

export async function nonAdminUserIds(db: Knex): Promise<string[]> {
  const rows = await users(db).whereNot({ role: 'admin' }).select('id');
  return rows.map((row) => row.id);
}

/** Which of `ids` have an account (at most a few hundred ids per call). */
export async function existingUserIds(db: Knex, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await users(db).whereIn('id', ids).select('id');
  return rows.map((row) => row.id);
}

export async function deleteUsers(
  db: Knex,
  sessionsChanged: SessionsChanged,
  ids: string[],
): Promise<number> {
  let deleted = 0;
  for (const batch of batchesOf(ids, 500)) deleted += await users(db).whereIn('id', batch).delete();
  tellSessionsChanged(db, sessionsChanged);
  return deleted;
}

/** The user as responses show it: no hash, no session version. */
export function toPublicUser(user: StoredUser | User): User {
  return {
    _id: user._id,
    name: user.name,
    email: user.email,
    role: user.role,
    verified: user.verified,
    createdAt: user.createdAt,
  };
}
