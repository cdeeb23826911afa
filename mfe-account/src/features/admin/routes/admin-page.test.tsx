import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { currentPath, renderAt, toastTexts } from '@dayframe/web-kit/testing';
import { adminUser, fakeApi, verifiedUser, type FakeCall } from '@dayframe/web-kit/testing';
import { AdminPage } from './admin-page.tsx';

type Answer = [number, unknown?, Record<string, string>?];

/**
 * `GET /admin/users` as the identity service answers it: the users matching `q` (name, e-mail
 * or shown role), `limit` at a time, `X-Total-Count`, and a `Link` to the next page. This fake's
 * cursor is a plain offset; the real one is an opaque keyset the screen never reads.
 */
function servePage(list: any[], call: FakeCall): Answer {
  const q = (call.query.get('q') ?? '').trim().toLowerCase();
  const limit = Number(call.query.get('limit') ?? 50);
  const from = Number(call.query.get('cursor') ?? 0);
  const matching = list.filter((u) =>
    [u.name, u.email, u.role === 'admin' ? 'admin' : 'user'].some((field: string) =>
      field.toLowerCase().includes(q),
    ),
  );
  const headers: Record<string, string> = { 'X-Total-Count': String(matching.length) };
  if (from + limit < matching.length) {
    const next = new URLSearchParams({ ...(q ? { q } : {}), limit: String(limit) });
    next.set('cursor', String(from + limit));
    headers.Link = `</api/admin/users?${next}>; rel="next"`;
  }
  return [200, matching.slice(from, from + limit), headers];
}

function summaryOf(list: any[]) {
  return {
    users: list.length,
    verified: list.filter((u) => u.verified).length,
    admins: list.filter((u) => u.role === 'admin').length,
  };
}

/** The admin API over `list()` (read at every call, so a test can change it), plus `extra`. */
function adminApi(
  list: () => any[],
  extra: Record<string, Answer | ((call: FakeCall) => Answer)> = {},
) {
  return fakeApi({
    'GET /admin/users': (call) => servePage(list(), call),
    'GET /admin/users/summary': () => [200, summaryOf(list())],
    ...extra,
  });
}

/** The admin API over `list`, where deleting user `id` takes it out of what later calls list. */
function adminApiDeleting(list: any[], id: string) {
  let left = list;
  return adminApi(() => left, {
    [`DELETE /admin/users/${id}`]: () => {
      left = left.filter((u) => u._id !== id);
      return [200, { message: 'User successfully deleted' }];
    },
  });
}

const listCalls = (api: ReturnType<typeof fakeApi>) => api.callsTo('GET /admin/users');
const deletes = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'DELETE');

/** 23 people, newest first as the server lists them, and the admin last. */
function people(count = 23) {
  const list: any[] = Array.from({ length: count }, (_, i) => ({
    _id: `p${count - i}`,
    name: `Person ${count - i}`,
    email: `person${count - i}@example.com`,
    role: 'user',
    verified: (count - i) % 2 === 0,
    secondFactor: (count - i) % 3 === 0,
    createdAt: '2026-03-05T12:00:00.000Z',
  }));
  return [...list, { ...adminUser, name: 'Ada Admin', secondFactor: true }];
}

function renderAdmin(user: any = adminUser) {
  session.signIn('admin-token', user);
  return renderAt('/admin', { '/admin': <AdminPage /> });
}

async function loaded() {
  await screen.findByText(/Page \d+ of \d+/);
  await waitFor(() => expect(screen.queryByText('Loading users…')).toBeNull());
}

/** Renders the panel as the admin, waits for Delete All to be enabled, and presses it. */
async function openDeleteAll(user: ReturnType<typeof userEvent.setup>) {
  renderAdmin();
  await loaded();
  await waitFor(() =>
    expect((screen.getByRole('button', { name: 'Delete All' }) as HTMLButtonElement).disabled).toBe(
      false,
    ),
  );
  await user.click(screen.getByRole('button', { name: 'Delete All' }));
}

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

function emails(): string[] {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}

describe('admin panel', () => {
  it('tells a non-admin Access Denied, offers the dashboard and asks the server nothing', async () => {
    const api = fakeApi({});
    renderAdmin(verifiedUser);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(currentPath()).toBe('/dashboard');
    expect(api.calls).toEqual([]);
  });

  it('lists the users in a table with the columns of the spec, a page of ten from the server', async () => {
    const list = people(3);
    list[0] = { ...list[0], role: undefined };
    // An identity from before issue 28 sends no secondFactor: not known, never a false 'Off'.
    list[2] = { ...list[2], secondFactor: undefined };
    const api = adminApi(() => list);
    renderAdmin();
    await loaded();
    expect(listCalls(api)[0]).toMatchObject({
      path: '/admin/users',
      authorization: 'Bearer admin-token',
    });
    expect(listCalls(api)[0]!.query.get('limit')).toBe('10');
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Name',
      'Email',
      'Role',
      'Created',
      'Verified',
      'Second factor',
      'Actions',
    ]);
    const first = bodyRows()[0]!;
    expect(within(first).getByText('person3@example.com')).toBeTruthy();
    expect(within(first).getByText('user')).toBeTruthy(); // role missing → user
    expect(within(first).getByText('Mar 05, 2026')).toBeTruthy();
    expect(within(first).getByText('Not verified')).toBeTruthy();
    expect(within(bodyRows()[1]!).getByText('Verified')).toBeTruthy();
    expect(within(bodyRows()[3]!).getByText('admin')).toBeTruthy();
    // The Second factor column: the words themselves are what a screen reader reads in the cell.
    const secondFactorCell = (row: number) => within(bodyRows()[row]!).getAllByRole('cell')[4]!;
    expect(secondFactorCell(0).textContent).toBe('On'); // person3
    expect(secondFactorCell(1).textContent).toBe('Off'); // person2
    // person1, told nothing: a dash for the eye, words for a screen reader.
    expect(within(secondFactorCell(2)).getByText('Not known').className).toBe('sr-only');
    expect(secondFactorCell(3).textContent).toBe('On'); // the admin
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('shows the figures of every account, not of the page on screen', async () => {
    adminApi(() => people(23));
    renderAdmin();
    await loaded();
    const figure = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(figure('Users')).toBe('24'));
    expect(figure('Verified')).toBe(String(summaryOf(people(23)).verified));
    expect(figure('Admins')).toBe('1');
  });

  it('pages ten at a time with Prev and Next, following the server links', async () => {
    const api = adminApi(() => people(23));
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    const prev = () => screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement;
    const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    expect(emails()[0]).toBe('person23@example.com');
    expect(prev().disabled).toBe(true);
    await user.click(next());
    await screen.findByText('Page 2 of 3');
    await waitFor(() => expect(emails()[0]).toBe('person13@example.com'));
    expect(screen.getByText('Showing 11–20 of 24 users')).toBeTruthy();
    await user.click(next());
    await screen.findByText('Page 3 of 3');
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(next().disabled).toBe(true);
    await user.click(prev());
    await screen.findByText('Page 2 of 3');
    await waitFor(() => expect(emails()[0]).toBe('person13@example.com'));
    // Each page was asked for by the link the server gave for it; Prev reuses the link it had.
    expect(listCalls(api).map((c) => c.query.get('cursor'))).toEqual([null, '10', '20', '10']);
  }, 30_000);

  it('searches name, e-mail and role on the server and goes back to page 1', async () => {
    const api = adminApi(() => people(23));
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await user.click(search);
    await user.paste('person1');
    // person1, person10…person19
    await screen.findByText('Page 1 of 2');
    await waitFor(() =>
      expect(screen.getByText('Showing 1–10 of 11 users (24 in all)')).toBeTruthy(),
    );
    expect(listCalls(api).at(-1)!.query.get('q')).toBe('person1');
    expect(listCalls(api).at(-1)!.query.get('cursor')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    await waitFor(() => expect(emails()).toEqual(['person1@example.com']));
    await user.clear(search);
    await user.paste('ADMIN');
    await waitFor(() => expect(emails()).toEqual(['ada@example.com']));
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    await user.clear(search);
    await user.paste('Person 7');
    await waitFor(() => expect(emails()).toEqual(['person7@example.com']));
  }, 30_000);

  it('says "No users found" when nothing matches, and clears the search on request', async () => {
    adminApi(() => people(3));
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zebra');
    expect(await screen.findByText('No users found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
  });

  it('shows "No users found" for an empty list and disables Delete All', async () => {
    adminApi(() => []);
    renderAdmin();
    await loaded();
    expect(screen.getByText('No users found')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete All' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('disables Delete All when only admins are left', async () => {
    adminApi(() => [adminUser]);
    renderAdmin();
    await loaded();
    expect((screen.getByRole('button', { name: 'Delete All' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('deletes a user after the confirm, says so and shows the page again from the server', async () => {
    const api = adminApiDeleting(people(3), 'p2');
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete person2@example.com' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete user?');
    expect(dialog.textContent).toContain('This will permanently remove person2@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toEqual(['User successfully deleted']));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.queryByText('person2@example.com')).toBeNull());
    expect(deletes(api).map((c) => c.path)).toEqual(['/admin/users/p2']);
    expect(listCalls(api)).toHaveLength(2);
  });

  it('shows the page before when the last user of the last page is deleted', async () => {
    // Ten people and, last of all, p0: alone on page 2.
    const lastOne = { ...people(1)[0], _id: 'p0', name: 'Last One', email: 'last@example.com' };
    adminApiDeleting([...people(10).slice(0, 10), lastOne], 'p0');
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    await waitFor(() => expect(emails()).toEqual(['last@example.com']));
    await user.click(screen.getByRole('button', { name: 'Delete last@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Page 1 of 1');
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(screen.getByText('Showing 1–10 of 10 users')).toBeTruthy();
  });

  it("cancelling the confirm deletes nothing; the server's refusal is shown", async () => {
    const api = adminApi(() => people(2), {
      'DELETE /admin/users/p1': [404, { message: 'User not found', code: 'user_not_found' }],
    });
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete person1@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deletes(api)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete person1@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toEqual(['User not found']));
  });

  it("keeps admin rows' delete inert, with the reason in its name", async () => {
    const otherAdmin = { ...adminUser, _id: 'a2', name: 'Other Admin', email: 'boss@example.com' };
    const api = adminApi(() => [otherAdmin, adminUser]);
    renderAdmin();
    await loaded();
    const mine = screen.getByRole('button', { name: /^Delete ada@example.com \(/ });
    const theirs = screen.getByRole('button', { name: /^Delete boss@example.com \(/ });
    for (const button of [mine, theirs]) {
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(button.closest('[data-tip]')?.getAttribute('data-tip')).toBeTruthy();
      await userEvent.setup().click(button);
    }
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletes(api)).toHaveLength(0);
  });

  it('Delete All goes ahead only once DELETE is typed, then reloads the list', async () => {
    let list = people(3);
    const api = adminApi(() => list, {
      'DELETE /admin/users': () => {
        list = [adminUser];
        return [200, { message: '3 users deleted', deleted: 3 }];
      },
    });
    const user = userEvent.setup();
    await openDeleteAll(user);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('3 accounts');
    const input = within(dialog).getByLabelText(/Type DELETE to confirm/);
    expect(document.activeElement).toBe(input);
    const confirm = within(dialog).getByRole('button', { name: 'Delete All' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(input, 'delete');
    expect(confirm.disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(deletes(api)).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'DELETE');
    expect(confirm.disabled).toBe(false);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(toastTexts()).toEqual(['3 users deleted']));
    expect(deletes(api).map((c) => c.path)).toEqual(['/admin/users']);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(listCalls(api)).toHaveLength(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape closes Delete All without deleting', async () => {
    const api = adminApi(() => people(2));
    const user = userEvent.setup();
    await openDeleteAll(user);
    await user.type(screen.getByLabelText(/Type DELETE/), 'DELETE');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete All' }));
    expect(deletes(api)).toHaveLength(0);
  });

  it.each<[number, unknown, string]>([
    [500, undefined, 'Failed to load users'],
    [403, { message: 'Admins only.', code: 'forbidden' }, 'Admins only.'],
  ])('a list answered %i says %s and offers a retry', async (status, body, message) => {
    let listed = 0;
    adminApi(() => people(1), {
      'GET /admin/users': (call) => (++listed === 1 ? [status, body] : servePage(people(1), call)),
    });
    renderAdmin();
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    // Said once in the toast and once where the table would be.
    expect(screen.getAllByText(message)).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
  });

  it('sends an admin refused for want of a second factor to set one up, not to try again', async () => {
    const message = 'Admins must set up a second factor first.';
    adminApi(() => people(1), {
      'GET /admin/users': [403, { message, code: 'second_factor_required' }],
      'GET /admin/users/summary': [403, { message, code: 'second_factor_required' }],
    });
    renderAdmin();
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Set up a second factor' }));
    expect(currentPath()).toBe('/settings');
  });

  it('Refresh asks the server again', async () => {
    let listed = 0;
    adminApi(() => (++listed === 1 ? people(1) : people(5)));
    renderAdmin();
    await loaded();
    expect(bodyRows()).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(6));
  });

  it('shows cards instead of a table on narrow screens', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    adminApi(() => people(2));
    renderAdmin();
    await loaded();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('person2@example.com')).toBeTruthy();
    expect(within(cards[0]!).getByText('Verified')).toBeTruthy();
    expect(within(cards[1]!).getByText('Not verified')).toBeTruthy();
    const secondFactor = (card: HTMLElement) =>
      within(card).getByText('Second factor', { selector: 'dt' }).nextElementSibling?.textContent;
    expect(secondFactor(cards[0]!)).toBe('Off'); // person2
    expect(secondFactor(cards[2]!)).toBe('On'); // the admin
    expect(
      within(cards[0]!).getByRole('button', { name: 'Delete person2@example.com' }),
    ).toBeTruthy();
  });
});
