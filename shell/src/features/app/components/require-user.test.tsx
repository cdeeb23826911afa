import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { session } from '@dayframe/web-kit';
import { currentPath, renderAt } from '@dayframe/web-kit/testing';
import { deferred, fakeApi, unverifiedUser, verifiedUser } from '@dayframe/web-kit/testing';
import { RequireUser } from './require-user.tsx';

function renderGuarded(path = '/dashboard', allowUnverified = false) {
  return renderAt(path, {
    [path]: (
      <RequireUser allowUnverified={allowUnverified}>
        <h1>Private page</h1>
      </RequireUser>
    ),
  });
}

describe('the guard', () => {
  it('sends a visitor without a token to /login without calling the server', async () => {
    const api = fakeApi({});
    renderGuarded();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(api.calls).toEqual([]);
  });

  it('shows a spinner while the session check runs, then the page', async () => {
    localStorage.setItem('token', 'tok');
    const answer = deferred<[number, unknown]>();
    const api = fakeApi({ 'GET /auth/verify': () => answer.promise });
    renderGuarded();
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    expect(screen.queryByText('Private page')).toBeNull();
    answer.resolve([200, { token: 'renewed', user: verifiedUser }]);
    expect(await screen.findByText('Private page')).toBeTruthy();
    expect(api.calls[0]).toMatchObject({ path: '/auth/verify', authorization: 'Bearer tok' });
    expect(localStorage.getItem('token')).toBe('renewed');
    expect(currentPath()).toBe('/dashboard');
  });

  it('logs a failed check, ends the session and sends the visitor to /login', async () => {
    localStorage.setItem('token', 'expired');
    fakeApi({
      'GET /auth/verify': [
        401,
        { message: 'Your session has expired. Please log in again.', code: 'invalid_token' },
      ],
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderGuarded();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(logged).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends an unverified user to /verify', async () => {
    localStorage.setItem('token', 'tok');
    fakeApi({ 'GET /auth/verify': [200, { token: 'tok', user: unverifiedUser }] });
    renderGuarded();
    await waitFor(() => expect(currentPath()).toBe('/verify'));
  });

  it('lets an unverified user see the page that allows it (the verify screen)', async () => {
    localStorage.setItem('token', 'tok');
    fakeApi({ 'GET /auth/verify': [200, { token: 'tok', user: unverifiedUser }] });
    renderGuarded('/verify', true);
    expect(await screen.findByText('Private page')).toBeTruthy();
  });

  it('trusts a user already known on this page without asking again', async () => {
    session.signIn('tok', verifiedUser);
    const api = fakeApi({});
    renderGuarded();
    expect(screen.getByText('Private page')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
