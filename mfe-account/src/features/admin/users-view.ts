import type { User } from '@dayframe/contracts';

/** Users per page of the admin table (spec §9: the user list's shared page size), asked of the server. */
export const PAGE_SIZE = 10;

/**
 * A user as the list may send it: older accounts can lack a role (spec §3), and an identity from
 * before issue 28 sends no `secondFactor` (shown as not known rather than as off).
 */
export type ListedUser = Omit<User, 'role'> & {
  role?: User['role'] | null;
  secondFactor?: boolean | null;
};

/** Spec §3: a missing role is shown as user. */
export function roleOf(user: ListedUser): 'admin' | 'user' {
  return user.role === 'admin' ? 'admin' : 'user';
}

/** Issue 28: what the Second factor column says; null when the server did not tell. */
export function secondFactorOf(user: ListedUser): 'On' | 'Off' | null {
  if (typeof user.secondFactor !== 'boolean') return null;
  return user.secondFactor ? 'On' : 'Off';
}

/** Pages needed for `count` rows; an empty list still has its one (empty) page. */
export function pageCount(count: number, size: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / size));
}

/** How long the search box waits for typing to pause before asking the server. */
export const SEARCH_DELAY_MS = 200;
