import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { currentPath, renderAt, toastTexts } from '@dayframe/web-kit/testing';
import { fakeApi, verifiedUser } from '@dayframe/web-kit/testing';
import { DangerZone } from './danger-zone.tsx';

function renderZone() {
  session.signIn('session-token', verifiedUser);
  return renderAt('/settings', { '/settings': <DangerZone /> });
}

/** Presses Delete Account, then the confirm's own Delete Account. */
async function confirmDeletion() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete Account' }));
  const dialog = screen.getByRole('alertdialog');
  await user.click(
    Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Delete Account')!,
  );
}

describe('danger zone', () => {
  it('asks before deleting, and Cancel (or Escape) deletes nothing', async () => {
    const api = fakeApi({});
    renderZone();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete your account?');
    expect(dialog.textContent).toContain('This will permanently remove your account');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls).toEqual([]);
    expect(session.getState().user).toEqual(verifiedUser);
  });

  it('deletes the account, logs out and goes to /signup', async () => {
    const api = fakeApi({ 'DELETE /user/delete': [200, { message: 'Account deleted' }] });
    renderZone();
    await confirmDeletion();
    await waitFor(() => expect(currentPath()).toBe('/signup'));
    expect(api.calls).toEqual([
      {
        method: 'DELETE',
        path: '/user/delete',
        body: undefined,
        authorization: 'Bearer session-token',
      },
    ]);
    expect(session.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(toastTexts()).toEqual(['Account deleted']);
  });

  it('keeps the session when the server refuses', async () => {
    fakeApi({ 'DELETE /user/delete': [503, { message: 'Try again in a moment.', code: 'x' }] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderZone();
    await confirmDeletion();
    await waitFor(() => expect(toastTexts()).toEqual(["Couldn't delete your account. Try again."]));
    expect(currentPath()).toBe('/settings');
    expect(session.getState().user).toEqual(verifiedUser);
  });
});
