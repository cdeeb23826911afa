import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { currentPath, renderAt } from '@dayframe/web-kit/testing';
import { adminUser, fakeApi, verifiedUser } from '@dayframe/web-kit/testing';
import { DashboardPage } from '../routes/dashboard.tsx';
import { repoCatalog } from '../../remotes/testing/described-remotes.ts';
import { MENU_WITH_MILESTONES } from '../../remotes/testing/milestones-menu.ts';
import type { CatalogRemote } from '../../remotes/mod.ts';
import { AppLayout } from './app-layout.tsx';

function renderApp(change?: (remotes: CatalogRemote[]) => CatalogRemote[]) {
  const { store } = repoCatalog(change);
  return renderAt('/dashboard', {
    '/dashboard': <AppLayout catalogStore={store} />,
  });
}

async function sidebarShows(count: number) {
  await waitFor(() => expect(sidebarLinks()).toHaveLength(count));
}

function sidebarLinks(): string[] {
  const nav = screen.getAllByRole('navigation', { name: 'App' })[0]!;
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

describe('the app layout', () => {
  it('shows the spec menu to a user, without Admin Panel, from what the remotes publish', async () => {
    session.signIn('tok', verifiedUser);
    renderApp();
    // Log Out waits for the remotes' items, so it never shows under Dashboard and then jumps.
    expect(screen.queryAllByRole('button', { name: 'Log Out' })).toHaveLength(0);
    await sidebarShows(6);
    expect(screen.getAllByRole('button', { name: 'Log Out' })).toHaveLength(1);
    expect(sidebarLinks()).toEqual([
      'Dashboard',
      'Journals',
      'New Entry',
      'Goals',
      'Calendar',
      'Settings',
    ]);
  });

  it('adds Admin Panel for an admin', async () => {
    session.signIn('tok', adminUser);
    renderApp();
    await sidebarShows(7);
    expect(sidebarLinks()).toContain('Admin Panel');
    const admin = screen.getAllByRole('link', { name: 'Admin Panel' })[0]!;
    expect(admin.getAttribute('href')).toBe('/admin');
  });

  it('leaves out the items of a remote that did not describe itself, and keeps the others', async () => {
    session.signIn('tok', verifiedUser);
    renderApp((remotes) =>
      remotes.map((r) => (r.name === 'mfe_journals' ? { ...r, description: null } : r)),
    );
    await sidebarShows(4);
    expect(sidebarLinks()).toEqual(['Dashboard', 'Goals', 'Calendar', 'Settings']);
    expect(screen.getAllByRole('button', { name: 'Log Out' }).length).toBeGreaterThan(0);
  });

  it('places a remote’s new item by its order, with a plain icon when the name is new', async () => {
    session.signIn('tok', verifiedUser);
    renderApp((remotes) =>
      remotes.map((r) =>
        r.name === 'mfe_goals'
          ? {
              ...r,
              description: {
                ...r.description!,
                menu: [
                  ...r.description!.menu,
                  {
                    label: 'Milestones',
                    path: '/milestones',
                    icon: 'flag',
                    order: 35,
                    adminOnly: false,
                  },
                ],
              },
            }
          : r,
      ),
    );
    await sidebarShows(7);
    expect(sidebarLinks()).toEqual(MENU_WITH_MILESTONES);
    const link = screen.getAllByRole('link', { name: 'Milestones' })[0]!;
    expect(link.getAttribute('href')).toBe('/milestones');
    expect(link.querySelector('svg')).not.toBeNull();
  });

  it('Log Out ends the session on the server and here, and goes to /signup', async () => {
    const api = fakeApi({ 'POST /auth/logout': [200, { message: 'Logged out' }] });
    session.signIn('tok', verifiedUser);
    renderApp();
    await userEvent.setup().click((await screen.findAllByRole('button', { name: 'Log Out' }))[0]!);
    expect(currentPath()).toBe('/signup');
    expect(localStorage.getItem('token')).toBeNull();
    expect(session.getState().user).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /auth/logout')).toHaveLength(1));
    expect(api.callsTo('POST /auth/logout')[0]!.authorization).toBe('Bearer tok');
  });

  it('Log Out clears the session here even when the server cannot be reached', async () => {
    const api = fakeApi({ 'POST /auth/logout': [503, { message: 'down', code: 'unavailable' }] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    session.signIn('tok', verifiedUser);
    renderApp();
    await userEvent.setup().click((await screen.findAllByRole('button', { name: 'Log Out' }))[0]!);
    await waitFor(() => expect(api.callsTo('POST /auth/logout')).toHaveLength(1));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(currentPath()).toBe('/signup');
    expect(localStorage.getItem('token')).toBeNull();
    expect(session.getState().token).toBeNull();
  });

  it('opens and closes the small-screen menu from the top bar, by keyboard too', async () => {
    session.signIn('tok', verifiedUser);
    renderApp();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getAllByRole('navigation', { name: 'App' })).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('navigation', { name: 'App' })).toHaveLength(1);
  });

  it('has a footer with the four app links and the current year', () => {
    session.signIn('tok', verifiedUser);
    renderApp();
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/dashboard', '/calendar', '/goals', '/journals']);
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()}`);
  });
});

describe('the dashboard', () => {
  it('greets the user by name and offers the three cards', () => {
    session.signIn('tok', verifiedUser);
    renderAt('/dashboard', { '/dashboard': <DashboardPage /> });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Ada Lovelace');
    expect(screen.getByText('What would you like to do today?')).toBeTruthy();
    const cards = screen
      .getAllByRole('link')
      .map((a) => [a.querySelector('h2')?.textContent, a.getAttribute('href')]);
    expect(cards).toEqual([
      ['Create a Journal', '/journals/create'],
      ['Check Calendar', '/calendar'],
      ['View Goals', '/goals'],
    ]);
    expect(screen.getByText('Start a new journal and add your first entry.')).toBeTruthy();
    expect(screen.getByText('See your entries and goals by day.')).toBeTruthy();
    expect(screen.getByText('Track progress and manage what matters.')).toBeTruthy();
  });
});
