import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { fakeApi, renderAt, verifiedUser } from '@dayframe/web-kit/testing';
import { SignInSecuritySettings } from './sign-in-security.tsx';

function renderSection() {
  session.signIn('session-token', verifiedUser);
  return renderAt('/settings', { '/settings': <SignInSecuritySettings /> });
}

describe('Settings → Sign-in and security', () => {
  it('loads the passkeys and the app state, with the session token', async () => {
    const api = fakeApi({
      'GET /auth/2fa': [
        200,
        {
          totp: true,
          totpEnabledAt: '2026-04-05T10:00:00.000Z',
          recoveryCodesLeft: 3,
          passkeys: [
            {
              id: 'p1',
              name: 'Chrome on Linux',
              createdAt: '2026-04-01T00:00:00Z',
              lastUsedAt: null,
            },
          ],
          required: false,
        },
      ],
    });
    renderSection();
    expect(screen.getByRole('status').textContent).toContain('Loading your sign-in methods');
    await screen.findByText('Chrome on Linux');
    expect(screen.getByText('3 recovery codes left')).toBeTruthy();
    expect(api.callsTo('GET /auth/2fa')[0]!.authorization).toBe('Bearer session-token');
  });

  it('says a failed load and loads again on Try again', async () => {
    let fail = true;
    fakeApi({
      'GET /auth/2fa': () =>
        fail
          ? [500, { message: 'Internal error', code: 'internal' }]
          : [
              200,
              {
                totp: false,
                totpEnabledAt: null,
                recoveryCodesLeft: 0,
                passkeys: [],
                required: false,
              },
            ],
    });
    renderSection();
    await screen.findByText("Couldn't load your sign-in methods.");
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('No passkeys yet.');
    expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy();
  });
});
