import type { User } from '@dayframe/contracts';

/** A `users` row. */
export type UserRow = {
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

/** The user as responses show it, from a row read without the hash and the session version. */
export function toUser(row: Omit<UserRow, 'password_hash' | 'session_version'>): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'user',
    // MySQL and SQLite both keep booleans as 0/1.
    verified: Boolean(row.verified),
    createdAt: row.created_at,
  };
}

export function toStoredUser(row: UserRow): StoredUser {
  return {
    ...toUser(row),
    passwordHash: row.password_hash,
    sessionVersion: Number(row.session_version),
  };
}
