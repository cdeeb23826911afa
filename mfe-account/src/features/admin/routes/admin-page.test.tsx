import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { currentPath, renderAt, toastTexts } from '@dayframe/web-kit/testing';
import { adminUser, fakeApi, verifiedUser } from '@dayframe/web-kit/testing';
import { AdminPage } from './admin-page.tsx';

/** 23 people, newest first as the server lists them, and the admin last. */
function people(count = 23) {
  const list: any[] = Array.from({ length: count }, (_, i) => ({
    _id: `p${count - i}`,
    name: `Person ${count - i}`,
    email: `person${count - i}@example.com`,
    role: 'user',
    verified: (count - i) % 2 === 0,
    createdAt: '2026-03-05T12:00:00.000Z',
  }));
  return [...list, { ...adminUser, name: 'Ada Admin' }];
}

function renderAdmin(user: any = adminUser) {
  session.signIn('admin-token', user);
  return renderAt('/admin', { '/admin': <AdminPage /> });
}

async function loaded() {
  await screen.findByText(/Page \d+ of \d+/);
  await waitFor(() => expect(screen.queryByText('Loading users…')).toBeNull());
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

  it('lists the users in a table with the columns of the spec', async () => {
    const list = people(3);
    list[0] = { ...list[0], role: undefined };
    const api = fakeApi({ 'GET /admin/users': [200, list] });
    renderAdmin();
    await loaded();
    expect(api.calls[0]).toMatchObject({
      path: '/admin/users',
      authorization: 'Bearer admin-token',
    });
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Role', 'Created', 'Verified', 'Actions']);
    const first = bodyRows()[0]!;
    expect(within(first).getByText('person3@example.com')).toBeTruthy();
    expect(within(first).getByText('user')).toBeTruthy(); // role missing → user
    expect(within(first).getByText('Mar 05, 2026')).toBeTruthy();
    expect(within(first).getByText('Not verified')).toBeTruthy();
    expect(within(bodyRows()[1]!).getByText('Verified')).toBeTruthy();
    expect(within(bodyRows()[3]!).getByText('admin')).toBeTruthy();
    expect(screen.getByText('Showing 1–4 of 4 users')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('pages ten at a time with Prev and Next', async () => {
    fakeApi({ 'GET /admin/users': [200, people(23)] });
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
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(emails()[0]).toBe('person13@example.com');
    expect(screen.getByText('Showing 11–20 of 24 users')).toBeTruthy();
    await user.click(next());
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(bodyRows()).toHaveLength(4);
    expect(next().disabled).toBe(true);
    await user.click(prev());
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('searches name, e-mail and role and goes back to page 1', async () => {
    fakeApi({ 'GET /admin/users': [200, people(23)] });
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(search, 'person1');
    // person1, person10…person19
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByText('Showing 1–10 of 11 users (24 in all)')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'ADMIN');
    expect(emails()).toEqual(['ada@example.com']);
    await user.clear(search);
    await user.type(search, 'Person 7');
    expect(emails()).toEqual(['person7@example.com']);
  });

  it('says "No users found" when nothing matches, and clears the search on request', async () => {
    fakeApi({ 'GET /admin/users': [200, people(3)] });
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zebra');
    expect(screen.getByText('No users found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(bodyRows()).toHaveLength(4);
  });

  it('shows "No users found" for an empty list and disables Delete All', async () => {
    fakeApi({ 'GET /admin/users': [200, []] });
    renderAdmin();
    await loaded();
    expect(screen.getByText('No users found')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete All' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('disables Delete All when only admins are left', async () => {
    fakeApi({ 'GET /admin/users': [200, [adminUser]] });
    renderAdmin();
    await loaded();
    expect((screen.getByRole('button', { name: 'Delete All' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('deletes a user after the confirm and says so', async () => {
    const api = fakeApi({
      'GET /admin/users': [200, people(3)],
      'DELETE /admin/users/p2': [200, { message: 'User successfully deleted' }],
    });
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
    expect(screen.queryByText('person2@example.com')).toBeNull();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /admin/users',
      'DELETE /admin/users/p2',
    ]);
  });

  it("cancelling the confirm deletes nothing; the server's refusal is shown", async () => {
    const api = fakeApi({
      'GET /admin/users': [200, people(2)],
      'DELETE /admin/users/p1': [404, { message: 'User not found', code: 'user_not_found' }],
    });
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete person1@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete person1@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toEqual(['User not found']));
  });

  it("keeps admin rows' delete inert, with the reason in its name", async () => {
    const otherAdmin = { ...adminUser, _id: 'a2', name: 'Other Admin', email: 'boss@example.com' };
    const api = fakeApi({ 'GET /admin/users': [200, [otherAdmin, adminUser]] });
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
    expect(api.calls).toHaveLength(1);
  });

  it('Delete All goes ahead only once DELETE is typed, then reloads the list', async () => {
    let listed = 0;
    const api = fakeApi({
      'GET /admin/users': () => (++listed === 1 ? [200, people(3)] : [200, [adminUser]]),
      'DELETE /admin/users': [200, { message: '3 users deleted', deleted: 3 }],
    });
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete All' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('3 accounts');
    const input = within(dialog).getByLabelText(/Type DELETE to confirm/);
    expect(document.activeElement).toBe(input);
    const confirm = within(dialog).getByRole('button', { name: 'Delete All' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(input, 'delete');
    expect(confirm.disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(api.calls).toHaveLength(1);
    await user.clear(input);
    await user.type(input, 'DELETE');
    expect(confirm.disabled).toBe(false);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(toastTexts()).toEqual(['3 users deleted']));
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /admin/users',
      'DELETE /admin/users',
      'GET /admin/users',
    ]);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape closes Delete All without deleting', async () => {
    const api = fakeApi({ 'GET /admin/users': [200, people(2)] });
    renderAdmin();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete All' }));
    await user.type(screen.getByLabelText(/Type DELETE/), 'DELETE');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete All' }));
    expect(api.calls).toHaveLength(1);
  });

  it.each<[number, unknown, string]>([
    [500, undefined, 'Failed to load users'],
    [403, { message: 'Admins only.', code: 'forbidden' }, 'Admins only.'],
  ])('a list answered %i says %s and offers a retry', async (status, body, message) => {
    let listed = 0;
    fakeApi({
      'GET /admin/users': () => (++listed === 1 ? [status, body] : [200, people(1)]),
    });
    renderAdmin();
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    // Said once in the toast and once where the table would be.
    expect(screen.getAllByText(message)).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
  });

  it('Refresh asks the server again', async () => {
    let listed = 0;
    fakeApi({
      'GET /admin/users': () => (++listed === 1 ? [200, people(1)] : [200, people(5)]),
    });
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
    fakeApi({ 'GET /admin/users': [200, people(2)] });
    renderAdmin();
    await loaded();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('person2@example.com')).toBeTruthy();
    expect(within(cards[0]!).getByText('Verified')).toBeTruthy();
    expect(within(cards[1]!).getByText('Not verified')).toBeTruthy();
    expect(
      within(cards[0]!).getByRole('button', { name: 'Delete person2@example.com' }),
    ).toBeTruthy();
  });
});
