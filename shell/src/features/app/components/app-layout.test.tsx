import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { currentPath, renderAt } from '@dayframe/web-kit/testing';
import { adminUser, verifiedUser } from '@dayframe/web-kit/testing';
import { DashboardPage } from '../routes/dashboard.tsx';
import { AppLayout } from './app-layout.tsx';

function renderApp() {
  return renderAt('/dashboard', {
    '/dashboard': <AppLayout />,
  });
}

function sidebarLinks(): string[] {
  const nav = screen.getAllByRole('navigation', { name: 'App' })[0]!;
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

describe('the app layout', () => {
  it('shows the spec menu to a user, without Admin Panel', () => {
    session.signIn('tok', verifiedUser);
    renderApp();
    expect(sidebarLinks()).toEqual([
      'Dashboard',
      'Journals',
      'New Entry',
      'Goals',
      'Calendar',
      'Settings',
    ]);
  });

  it('adds Admin Panel for an admin', () => {
    session.signIn('tok', adminUser);
    renderApp();
    expect(sidebarLinks()).toContain('Admin Panel');
    const admin = screen.getAllByRole('link', { name: 'Admin Panel' })[0]!;
    expect(admin.getAttribute('href')).toBe('/admin');
  });

  it('Log Out ends the session and goes to /signup', async () => {
    session.signIn('tok', verifiedUser);
    renderApp();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Log Out' })[0]!);
    expect(currentPath()).toBe('/signup');
    expect(localStorage.getItem('token')).toBeNull();
    expect(session.getState().user).toBeNull();
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
