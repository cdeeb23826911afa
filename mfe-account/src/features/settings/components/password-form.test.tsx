import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session, wasCodeSent } from '@dayframe/web-kit';
import { renderAt, toastTexts } from '@dayframe/web-kit/testing';
import { fakeApi, verifiedUser } from '@dayframe/web-kit/testing';
import { PasswordForm } from './password-form.tsx';

function renderForm() {
  session.signIn('session-token', verifiedUser);
  return renderAt('/settings', { '/settings': <PasswordForm /> });
}

type Fields = { code?: string; password?: string; confirm?: string };
const complete = { code: '123456', password: 'new-password', confirm: 'new-password' };

async function submit(fields: Fields) {
  const user = userEvent.setup();
  if (fields.code) await user.type(screen.getByLabelText('Code'), fields.code);
  if (fields.password) await user.type(screen.getByLabelText('New Password'), fields.password);
  if (fields.confirm) await user.type(screen.getByLabelText('Confirm Password'), fields.confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('password change in settings', () => {
  it("sends a code to the user's own address and counts the cooldown down", async () => {
    const api = fakeApi({ 'POST /auth/otp/send': [200, { message: 'sent' }] });
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual(['Verification code sent. Check your email.']),
    );
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/auth/otp/send',
        body: { email: verifiedUser.email },
        authorization: null,
      },
    ]);
    const resend = screen.getByRole('button', { name: /Resend in \d+s/ }) as HTMLButtonElement;
    expect(resend.textContent).toBe('Resend in 60s');
    expect(resend.disabled).toBe(true);
    expect(wasCodeSent()).toBe(true);
  });

  it('keeps the cooldown across a remount, as the shell does', () => {
    localStorage.setItem('otpCooldownUntil', String(Date.now() + 42_000));
    renderForm();
    expect(screen.getByRole('button', { name: /Resend in \d+s/ }).textContent).toMatch(
      /Resend in (41|42)s/,
    );
  });

  it.each<[number, unknown, string]>([
    [429, {}, 'Please wait before requesting another code.'],
    [429, { message: 'Slow down, please.', code: 'too_many_requests' }, 'Slow down, please.'],
    [
      503,
      { message: 'Mail is down.', code: 'unavailable' },
      'Dayframe is busy. Try again in a moment.',
    ],
    [500, undefined, 'Failed to send code'],
  ])('send code answered %i → the spec message', async (status, body, message) => {
    fakeApi({ 'POST /auth/otp/send': [status, body] });
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it.each<[string, Fields, string]>([
    ['no code', { ...complete, code: '' }, 'Enter the 6-digit code.'],
    ['a code of 5 digits', { ...complete, code: '12345' }, 'Enter the 6-digit code.'],
    ['a code of letters', { ...complete, code: 'abcdef' }, 'Enter the 6-digit code.'],
    ['passwords that differ', { ...complete, confirm: 'new-passworD' }, 'Passwords must match'],
    [
      'a password of 7',
      { ...complete, password: 'seven77', confirm: 'seven77' },
      'Password must be at least 8 characters.',
    ],
  ])('with %s: says so and sends nothing', async (_case, fields, message) => {
    const api = fakeApi({});
    renderForm();
    await submit(fields);
    expect(toastTexts()).toEqual([message]);
    expect(api.calls).toEqual([]);
  });

  it('strips non-digits from the code as it is typed', async () => {
    renderForm();
    await userEvent.setup().type(screen.getByLabelText('Code'), '12-34 5a6');
    expect(value('Code')).toBe('123456');
  });

  it("checks the code, sets the password with the code's token, and keeps the new session", async () => {
    const renamed = { ...verifiedUser, name: 'Ada L.' };
    const api = fakeApi({
      'POST /auth/otp/verify': [200, { token: 'code-token', user: verifiedUser }],
      'PUT /user/password': [
        200,
        { message: 'Password updated', token: 'next-token', user: renamed },
      ],
    });
    localStorage.setItem('otpSent', '1');
    renderForm();
    await submit(complete);
    await waitFor(() => expect(toastTexts()).toEqual(['Password updated']));
    expect(api.calls.map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      'POST /auth/otp/verify Bearer session-token',
      'PUT /user/password Bearer code-token',
    ]);
    expect(api.calls[0]!.body).toEqual({ email: verifiedUser.email, otp: '123456' });
    expect(api.calls[1]!.body).toEqual({ newPassword: 'new-password' });
    expect(session.getState()).toMatchObject({ token: 'next-token', user: renamed });
    expect(localStorage.getItem('token')).toBe('next-token');
    expect(wasCodeSent()).toBe(false);
    expect([value('Code'), value('New Password'), value('Confirm Password')]).toEqual(['', '', '']);
  });

  it.each<[number, string, string]>([
    [400, 'X', 'Invalid or expired code.'],
    [429, 'X', 'Too many attempts. Request a new code.'],
    // This address tried too many codes (issue 14): a new code would not help, waiting does.
    [429, 'too_many_code_guesses', 'Too many attempts. Try again in a few minutes.'],
    [503, 'X', 'Dayframe is busy. Try again in a moment.'],
  ])(
    'a code check answered %i (%s) says %s and leaves the password alone',
    async (status, code, message) => {
      const api = fakeApi({ 'POST /auth/otp/verify': [status, { message: 'x', code }] });
      renderForm();
      await submit(complete);
      await waitFor(() => expect(toastTexts()).toEqual([message]));
      expect(api.calls.map((c) => c.path)).toEqual(['/auth/otp/verify']);
      expect(session.getState().token).toBe('session-token');
    },
  );

  it('after a failed password call, a retry reuses the checked code instead of burning another', async () => {
    let attempts = 0;
    const api = fakeApi({
      'POST /auth/otp/verify': [200, { token: 'code-token', user: verifiedUser }],
      'PUT /user/password': () =>
        ++attempts === 1
          ? [502, undefined]
          : [200, { message: 'Password updated', token: 'next-token', user: verifiedUser }],
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderForm();
    await submit(complete);
    await waitFor(() =>
      expect(toastTexts()).toEqual(["Couldn't update your password. Try again."]),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(toastTexts()).toContain('Password updated'));
    expect(api.calls.map((c) => `${c.path} ${c.authorization}`)).toEqual([
      '/auth/otp/verify Bearer session-token',
      '/user/password Bearer code-token',
      '/user/password Bearer code-token',
    ]);
  });
});
