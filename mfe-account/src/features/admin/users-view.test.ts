import { describe, expect, it } from 'vitest';
import {
  PAGE_SIZE,
  pageCount,
  pageOf,
  roleOf,
  searchUsers,
  type ListedUser,
} from './users-view.ts';

function person(n: number, extra: Partial<ListedUser> = {}): ListedUser {
  return {
    _id: `u${n}`,
    name: `Person ${n}`,
    email: `person${n}@example.com`,
    role: 'user',
    verified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('the users view', () => {
  it('shows a missing role as user', () => {
    expect(roleOf(person(1, { role: undefined }))).toBe('user');
    expect(roleOf(person(1, { role: null }))).toBe('user');
    expect(roleOf(person(1, { role: 'admin' }))).toBe('admin');
  });

  it('searches name, e-mail and role, ignoring case and surrounding spaces', () => {
    const users = [
      person(1, { name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' }),
      person(2, { name: 'Grace Hopper', email: 'grace@navy.mil' }),
      person(3, { name: 'Alan', email: 'alan@example.com', role: undefined }),
    ];
    const ids = (query: string) => searchUsers(users, query).map((u) => u._id);
    expect(ids('')).toEqual(['u1', 'u2', 'u3']);
    expect(ids('  HOPPER ')).toEqual(['u2']);
    expect(ids('navy')).toEqual(['u2']);
    expect(ids('admin')).toEqual(['u1']);
    expect(ids('user')).toEqual(['u2', 'u3']);
    expect(ids('example.com')).toEqual(['u1', 'u3']);
    expect(ids('nobody')).toEqual([]);
  });

  it('pages by ten, with one page for an empty list', () => {
    expect(PAGE_SIZE).toBe(10);
    expect([0, 1, 10, 11, 20, 23].map((n) => pageCount(n))).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('gives the rows of a page and clamps a page past either end', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageOf(rows, 1)).toEqual({ rows: rows.slice(0, 10), page: 1, pages: 3 });
    expect(pageOf(rows, 3)).toEqual({ rows: [21, 22, 23], page: 3, pages: 3 });
    expect(pageOf(rows, 9).page).toBe(3);
    expect(pageOf(rows, 0).page).toBe(1);
    expect(pageOf([], 4)).toEqual({ rows: [], page: 1, pages: 1 });
  });
});
