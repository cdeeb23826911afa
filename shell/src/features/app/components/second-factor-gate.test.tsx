import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, session, useLocation } from '@dayframe/web-kit';
import { adminUser, fakeApi, renderRoutes, verifiedUser } from '@dayframe/web-kit/testing';
import { repoCatalog } from '../../remotes/testing/described-remotes.ts';
import { AppLayout } from './app-layout.tsx';
import { SECOND_FACTOR_NOTICE } from './second-factor-gate.tsx';

function Screen({ name }: { name: string }) {
  const { pathname, hash } = useLocation();
  return (
    <h1>
      {name} at {pathname}
      {hash}
    </h1>
  );
}

function renderAppAt(path: string) {
  const { store } = repoCatalog();
  return renderRoutes(
    path,
    <Routes>
      <Route element={<AppLayout catalogStore={store} />}>
        <Route path="/dashboard" element={<Screen name="Dashboard" />} />
        <Route path="/settings" element={<Screen name="Settings" />} />
        <Route path="/admin" element={<Screen name="Admin" />} />
      </Route>
    </Routes>,
  );
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const notice = () => screen.queryByRole('alert');
const twoFactorSays = (required: boolean) => ({
  totp: false,
  totpEnabledAt: null,
  recoveryCodesLeft: 0,
  passkeys: [],
  required,
});

describe('an admin who must set up a second factor (REQUIRE_ADMIN_2FA)', () => {
  it('is sent from any route to Settings → Sign-in and security, told why, until one is set up', async () => {
    let required = true;
    const api = fakeApi({ 'GET /auth/2fa': () => [200, twoFactorSays(required)] });
    session.signIn('admin-token', adminUser);
    renderAppAt('/admin');
    // The first render of the layout in a test file is slow (its chunks are transformed then).
    await waitFor(() => expect(heading()).toBe('Settings at /settings#sign-in-and-security'), {
      timeout: 5_000,
    });
    expect(notice()?.textContent).toBe(SECOND_FACTOR_NOTICE);
    expect(api.callsTo('GET /auth/2fa')).toHaveLength(1);
    expect(api.callsTo('GET /auth/2fa')[0]!.authorization).toBe('Bearer admin-token');

    // Elsewhere again: asked again, still no factor, back to Settings.
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    await waitFor(() => expect(api.callsTo('GET /auth/2fa')).toHaveLength(2));
    await waitFor(() => expect(heading()).toBe('Settings at /settings#sign-in-and-security'));
    expect(notice()).not.toBeNull();

    // Set up in Settings: the next move goes through and the notice is gone.
    required = false;
    await user.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    await waitFor(() => expect(notice()).toBeNull());
    expect(heading()).toBe('Dashboard at /dashboard');
    expect(api.callsTo('GET /auth/2fa')).toHaveLength(3);
    // And it is not asked again on every move after that.
    await user.click(screen.getAllByRole('link', { name: 'Admin Panel' })[0]!);
    await waitFor(() => expect(heading()).toBe('Admin at /admin'));
    expect(api.callsTo('GET /auth/2fa')).toHaveLength(3);
  });

  it('asks once for an admin who needs nothing, and never for a non-admin', async () => {
    const api = fakeApi({ 'GET /auth/2fa': [200, twoFactorSays(false)] });
    session.signIn('admin-token', adminUser);
    const { unmount } = renderAppAt('/admin');
    await waitFor(() => expect(api.callsTo('GET /auth/2fa')).toHaveLength(1));
    expect(heading()).toBe('Admin at /admin');
    expect(notice()).toBeNull();
    unmount();

    const asUser = fakeApi({ 'GET /auth/2fa': [200, twoFactorSays(true)] });
    session.signIn('user-token', verifiedUser);
    renderAppAt('/dashboard');
    await screen.findAllByRole('link', { name: 'Settings' });
    expect(heading()).toBe('Dashboard at /dashboard');
    expect(asUser.callsTo('GET /auth/2fa')).toEqual([]);
    expect(notice()).toBeNull();
  });

  it('lets the admin be when identity cannot say (the server still guards the admin routes)', async () => {
    const api = fakeApi({});
    session.signIn('admin-token', adminUser);
    renderAppAt('/dashboard');
    await waitFor(() => expect(api.callsTo('GET /auth/2fa')).toHaveLength(1));
    await screen.findAllByRole('link', { name: 'Settings' });
    expect(heading()).toBe('Dashboard at /dashboard');
    expect(notice()).toBeNull();
  });
});
