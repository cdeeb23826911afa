import type { Knex } from '@dayframe/service-kit';
import { conflict, isDuplicateKey } from '@dayframe/service-kit';
import type { Role, User } from '@dayframe/contracts';

type UserRow = {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: string;
  verified: number | boolean;
  session_version: number;
  created_at: string;
};

/** A user as the identity service sees it: the API view plus what only it may read. */
export type StoredUser = User & { passwordHash: string; sessionVersion: number };

export type NewUser = {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  createdAt: string;
};

export type UsersRepo = ReturnType<typeof usersRepo>;

/**
 * `sessionsChanged` is told after every write to what the session check reads (verified, role,
 * session version, the row itself), so sessions confirmed a moment ago are asked again.
 * `undefined` when the user is known only by e-mail.
 */
export function usersRepo(db: Knex, sessionsChanged: (userId?: string) => void = () => {}) {
  const users = (trx: Knex | Knex.Transaction = db) => trx<UserRow>('users');
  return {
    async findByEmail(email: string, trx?: Knex.Transaction): Promise<StoredUser | null> {
      const row = await users(trx).where({ email }).first();
      return row ? toUser(row) : null;
    },
    async findById(id: string, trx?: Knex.Transaction): Promise<StoredUser | null> {
      const row = await users(trx).where({ id }).first();
      return row ? toUser(row) : null;
    },
    /**
     * Creates a user; the very first account of the installation becomes an admin. Counting
     * users first would let concurrent first sign-ups all see an empty table, so the new user
     * claims the one `first_admin` row instead: the claim takes its row lock, and a second
     * sign-up waiting on it finds it claimed once the first commits.
     */
    async create(user: NewUser, emailTakenMessage: string): Promise<StoredUser> {
      try {
        return await db.transaction(async (trx) => {
          const claimed = await trx('first_admin')
            .where({ id: 1 })
            .whereNull('user_id')
            .update({ user_id: user.id });
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
          return toUser(row);
        });
      } catch (error) {
        if (isDuplicateKey(error)) throw conflict(emailTakenMessage, 'email_in_use');
        throw error;
      }
    },
    async markVerified(id: string, trx?: Knex.Transaction): Promise<void> {
      await users(trx).where({ id }).update({ verified: true });
      sessionsChanged(id);
    },
    /** Stores a new hash and retires every token issued before. */
    async changePassword(id: string, passwordHash: string): Promise<void> {
      await users()
        .where({ id })
        .update({ password_hash: passwordHash, session_version: db.raw('session_version + 1') });
      sessionsChanged(id);
    },
    /** Retires every token issued before (other devices included). */
    async bumpSessionVersion(id: string): Promise<void> {
      await users()
        .where({ id })
        .update({ session_version: db.raw('session_version + 1') });
      sessionsChanged(id);
    },
    /** Unverified accounts created before `createdBefore` (an ISO instant), oldest first. */
    async unverifiedBefore(createdBefore: string, trx: Knex.Transaction): Promise<string[]> {
      const rows = await users(trx)
        .where({ verified: false })
        .andWhere('created_at', '<', createdBefore)
        .orderBy('created_at')
        .limit(1000)
        .select('id');
      return rows.map((row) => row.id);
    },
    /** Renames and re-addresses; a new address must be verified again. */
    async updateProfile(
      id: string,
      changes: { name: string; email: string; emailChanged: boolean },
      emailTakenMessage: string,
    ): Promise<void> {
      try {
        await users()
          .where({ id })
          .update({
            name: changes.name,
            email: changes.email,
            ...(changes.emailChanged ? { verified: false } : {}),
          });
        if (changes.emailChanged) sessionsChanged(id);
      } catch (error) {
        if (isDuplicateKey(error)) throw conflict(emailTakenMessage, 'email_in_use');
        throw error;
      }
    },
    async setRole(email: string, role: Role): Promise<boolean> {
      const changed = (await users().where({ email }).update({ role })) > 0;
      sessionsChanged();
      return changed;
    },
    async nonAdminIds(trx: Knex.Transaction): Promise<string[]> {
      const rows = await users(trx).whereNot({ role: 'admin' }).select('id');
      return rows.map((row) => row.id);
    },
    /** Which of `ids` have an account (at most a few hundred ids per call). */
    async existingIds(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await users(db).whereIn('id', ids).select('id');
      return rows.map((row) => row.id);
    },
    async deleteMany(ids: string[], trx: Knex.Transaction): Promise<number> {
      let deleted = 0;
      for (let i = 0; i < ids.length; i += 500)
        deleted += await users(trx)
          .whereIn('id', ids.slice(i, i + 500))
          .delete();
      sessionsChanged();
      return deleted;
    },
  };
}

function toUser(row: UserRow): StoredUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'user',
    verified: Boolean(row.verified),
    createdAt: row.created_at,
    passwordHash: row.password_hash,
    sessionVersion: Number(row.session_version),
  };
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
