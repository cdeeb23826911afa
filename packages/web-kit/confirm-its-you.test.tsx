import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, session, useSubmit } from '@dayframe/web-kit';
import { fakeApi, renderAt, toastTexts, verifiedUser, type FakeCall } from './testing/mod.ts';
import { forgetConfirmation } from './confirmation.ts';

const REAUTH: [number, unknown] = [
  403,
  { message: "Confirm it's you to continue.", code: 'reauth_required' },
];
const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

/** A guarded call (here the account deletion) that wants confirmation `proof`. */
function guarded(proof: string) {
  return (call: FakeCall): [number, unknown] =>
    call.confirmation === proof ? [200, { message: 'Account deleted' }] : REAUTH;
}

function DeleteButton({ onDone }: { onDone?: () => void }) {
  const { busy, submit } = useSubmit();
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() =>
        void submit(() => api.delete('/user/delete'), {
          success: 'Deleted',
          failure: 'Failed',
          onError: onDone,
        })
      }
    >
      Delete
    </button>
  );
}

function renderButton(onDone?: () => void) {
  forgetConfirmation();
  session.signIn('session-token', verifiedUser);
  return renderAt('/settings', { '/settings': <DeleteButton onDone={onDone} /> });
}

describe('ConfirmItsYou (step-up)', () => {
  it('asks for the password, says a wrong one inline, and runs the call again once confirmed', async () => {
    const api = fakeApi({
      'DELETE /user/delete': guarded('proof-1'),
      'POST /auth/confirm': ({ body }) =>
        (body as { password: string }).password === 'right password'
          ? [200, { confirmation: 'proof-1', expiresAt: inTenMinutes() }]
          : [409, { message: 'Incorrect password', code: 'incorrect_password' }],
    });
    renderButton();
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you to continue." });
    const password = screen.getByLabelText('Password');
    expect(document.activeElement).toBe(password);

    await user.type(password, 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password).toHaveProperty('value', '');

    await user.type(password, 'right password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Deleted']));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(api.callsTo('DELETE /user/delete').map((c) => c.confirmation)).toEqual([
      null,
      'proof-1',
    ]);
    // The confirmation is in memory only: nothing of it beside the token.
    expect(JSON.stringify({ ...localStorage })).not.toContain('proof-1');

    // A second guarded call within the ten minutes does not ask again.
    await user.click(opener);
    await waitFor(() => expect(toastTexts()).toEqual(['Deleted', 'Deleted']));
    expect(api.callsTo('POST /auth/confirm')).toHaveLength(2);
  });

  it('emails a code and confirms with it', async () => {
    const api = fakeApi({
      'DELETE /user/delete': guarded('by-code'),
      'POST /auth/otp/send': [200, { message: 'Verification code sent. Check your email.' }],
      'POST /auth/confirm': ({ body }) =>
        (body as { code?: string }).code === '123456'
          ? [200, { confirmation: 'by-code', expiresAt: inTenMinutes() }]
          : [400, { message: 'Invalid or expired code.', code: 'invalid_code' }],
    });
    renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    const code = await screen.findByLabelText('6-digit code');
    expect(api.callsTo('POST /auth/otp/send')[0]!.body).toEqual({ email: verifiedUser.email });
    expect(screen.getByRole('dialog').textContent).toContain(verifiedUser.email);
    expect(document.activeElement).toBe(code);
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code.');
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Deleted']));
    expect(api.callsTo('POST /auth/confirm').map((c) => c.body)).toEqual([{ code: '123456' }]);
  });

  it('offers only the password and a mailed code to an account without a second factor', async () => {
    fakeApi({
      'DELETE /user/delete': REAUTH,
      'GET /auth/2fa': [
        200,
        { totp: false, totpEnabledAt: null, recoveryCodesLeft: 0, passkeys: [], required: false },
      ],
    });
    renderButton();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('button', { name: 'Email me a code' });
    expect(screen.queryByRole('button', { name: 'Use your authenticator app' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('confirms with a code from the authenticator app (issue 28)', async () => {
    const api = fakeApi({
      'DELETE /user/delete': guarded('by-app'),
      'GET /auth/2fa': [
        200,
        {
          totp: true,
          totpEnabledAt: '2026-01-01T00:00:00.000Z',
          recoveryCodesLeft: 10,
          passkeys: [],
          required: false,
        },
      ],
      'POST /auth/confirm': ({ body }) =>
        (body as { totp?: string }).totp === '654321'
          ? [200, { confirmation: 'by-app', expiresAt: inTenMinutes() }]
          : [400, { message: 'Invalid code. Try again.', code: 'invalid_code' }],
    });
    renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Use your authenticator app' }));
    const code = await screen.findByLabelText('Code from your app');
    expect(document.activeElement).toBe(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code. Try again.');
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Deleted']));
    expect(api.callsTo('POST /auth/confirm').map((c) => c.body)).toEqual([
      { totp: '111111' },
      { totp: '654321' },
    ]);
  });

  it('confirms with a passkey (issue 28)', async () => {
    const assertion = {
      id: 'c',
      rawId: 'c',
      type: 'public-key',
      response: { clientDataJSON: 'e30' },
    };
    const get = vi.fn(async () => ({ toJSON: () => assertion }));
    vi.stubGlobal('PublicKeyCredential', { parseRequestOptionsFromJSON: (o: unknown) => o });
    vi.stubGlobal('navigator', { ...navigator, credentials: { get } });
    const api = fakeApi({
      'DELETE /user/delete': guarded('by-passkey'),
      'GET /auth/2fa': [
        200,
        {
          totp: false,
          totpEnabledAt: null,
          recoveryCodesLeft: 0,
          passkeys: [
            { id: 'p1', name: 'Laptop', createdAt: '2026-01-01T00:00:00.000Z', lastUsedAt: null },
          ],
          required: false,
        },
      ],
      'POST /auth/passkeys/confirm-options': [
        200,
        { challenge: 'w-9', options: { challenge: 'AA' } },
      ],
      'POST /auth/confirm': [200, { confirmation: 'by-passkey', expiresAt: inTenMinutes() }],
    });
    renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Deleted']));
    expect(api.callsTo('POST /auth/confirm')[0]!.body).toEqual({
      passkey: { challenge: 'w-9', response: assertion },
    });
    vi.unstubAllGlobals();
  });

  it('Cancel and Escape give the call up quietly, and focus goes back', async () => {
    let gaveUp = 0;
    const api = fakeApi({ 'DELETE /user/delete': REAUTH });
    renderButton(() => gaveUp++);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(gaveUp).toBe(1));
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(gaveUp).toBe(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toastTexts()).toEqual([]);
    expect(api.callsTo('POST /auth/confirm')).toEqual([]);
    expect(api.callsTo('DELETE /user/delete')).toHaveLength(2);
  });
});
