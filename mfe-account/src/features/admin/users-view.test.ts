import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, pageCount, roleOf, type ListedUser } from './users-view.ts';

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

  it('pages by ten, with one page for an empty list', () => {
    expect(PAGE_SIZE).toBe(10);
    expect([0, 1, 10, 11, 20, 23].map((n) => pageCount(n))).toEqual([1, 1, 1, 2, 2, 3]);
  });
});
