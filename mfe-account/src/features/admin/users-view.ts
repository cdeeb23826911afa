import type { User } from '@dayframe/contracts';

/** Users per page of the admin table (spec §9: the user list's shared page size). */
export const PAGE_SIZE = 10;

/** A user as the list may send it: older accounts can lack a role (spec §3). */
export type ListedUser = Omit<User, 'role'> & { role?: User['role'] | null };

/** Spec §3: a missing role is shown as user. */
export function roleOf(user: ListedUser): 'admin' | 'user' {
  return user.role === 'admin' ? 'admin' : 'user';
}

/** The users whose name, e-mail or (shown) role contains `query`, ignoring case and spacing. */
export function searchUsers<T extends ListedUser>(users: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((user) =>
    [user.name, user.email, roleOf(user)].some((field) =>
      (field ?? '').toLowerCase().includes(needle),
    ),
  );
}

/** Pages needed for `count` rows; an empty list still has its one (empty) page. */
export function pageCount(count: number, size: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / size));
}

/** Page `page` (1-based, clamped to the pages there are) of `rows`. */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  size: number = PAGE_SIZE,
): { rows: T[]; page: number; pages: number } {
  const pages = pageCount(rows.length, size);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pages };
}
