import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignInSecurity } from '@dayframe/contracts';
import { session } from '@dayframe/web-kit';
import { fakeApi, renderAt, toastTexts, verifiedUser } from '@dayframe/web-kit/testing';
import { AuthenticatorApp } from './authenticator-app.tsx';

const off: SignInSecurity = {
  totp: false,
  totpEnabledAt: null,
  recoveryCodesLeft: 0,
  passkeys: [],
  required: false,
};
const on: SignInSecurity = {
  ...off,
  totp: true,
  totpEnabledAt: '2026-04-05T10:00:00.000Z',
  recoveryCodesLeft: 7,
};
const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const REAUTH: [number, unknown] = [
  403,
  { message: "Confirm it's you to continue.", code: 'reauth_required' },
];

function renderApp(security: SignInSecurity) {
  session.signIn('session-token', verifiedUser);
  const onChange = vi.fn();
  renderAt('/settings', {
    '/settings': <AuthenticatorApp security={security} onChange={onChange} />,
  });
  return onChange;
}

describe('the authenticator app', () => {
  it('sets up: QR code and grouped key, a wrong code refused, then on with recovery codes', async () => {
    let tries = 0;
    const api = fakeApi({
      'POST /auth/2fa/totp/setup': [
        200,
        {
          secret: 'JBSWY3DPEHPK3PXPJBSW',
          otpauthUrl:
            'otpauth://totp/Dayframe:ada@example.com?secret=JBSWY3DPEHPK3PXPJBSW&issuer=Dayframe',
        },
      ],
      'POST /auth/2fa/totp/enable': () =>
        ++tries === 1
          ? [400, { message: 'Invalid code. Try again.', code: 'invalid_code' }]
          : [200, { recoveryCodes: codes }],
    });
    const onChange = renderApp(off);
    expect(screen.getByText('Off')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    const qr = await screen.findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    expect(decodeURIComponent(qr.getAttribute('src')!)).toMatch(/^data:image\/svg\+xml.*<svg/);
    expect(screen.getByLabelText('Setup key')).toHaveProperty('value', 'JBSW Y3DP EHPK 3PXP JBSW');

    const field = screen.getByLabelText('Code from the app');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Invalid code. Try again.']));
    expect(onChange).not.toHaveBeenCalled();
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const panel = await screen.findByRole('region', { name: 'Save your recovery codes' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(document.activeElement?.textContent).toBe('Save your recovery codes');
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ totp: true, recoveryCodesLeft: 10 }),
    );
    expect(api.callsTo('POST /auth/2fa/totp/enable').map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
    expect(screen.queryByLabelText('Setup key')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'I saved them' }));
    expect(screen.queryByRole('region', { name: 'Save your recovery codes' })).toBeNull();
  });

  it('shows how many recovery codes are left and makes new ones after "Confirm it\'s you"', async () => {
    const api = fakeApi({
      'POST /auth/2fa/recovery-codes': (call) =>
        call.confirmation === 'proof' ? [200, { recoveryCodes: codes }] : REAUTH,
      'POST /auth/confirm': [
        200,
        { confirmation: 'proof', expiresAt: new Date(Date.now() + 600_000).toISOString() },
      ],
    });
    const onChange = renderApp(on);
    expect(screen.getByText('On')).toBeTruthy();
    expect(screen.getByText('7 recovery codes left')).toBeTruthy();
    expect(screen.getByText(/Turned on Apr 05, 2026/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you to continue." });
    await user.type(within(dialog).getByLabelText('Password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('region', { name: 'Save your recovery codes' });
    expect(onChange).toHaveBeenCalledWith({ ...on, recoveryCodesLeft: 10 });
    expect(api.callsTo('POST /auth/2fa/recovery-codes')).toHaveLength(2);
  });

  it('turns off after asking', async () => {
    const api = fakeApi({
      'POST /auth/2fa/totp/disable': [200, { message: 'Authenticator app turned off.' }],
    });
    const onChange = renderApp(on);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Turn off the authenticator app?');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({
        ...on,
        totp: false,
        totpEnabledAt: null,
        recoveryCodesLeft: 0,
      }),
    );
    expect(toastTexts()).toEqual(['Authenticator app turned off.']);
    expect(api.callsTo('POST /auth/2fa/totp/disable')).toHaveLength(1);
  });
});
