import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session, wasCodeSent } from '@dayframe/web-kit';
import { currentPath, renderAt, toastTexts } from '@dayframe/web-kit/testing';
import { fakeApi, verifiedUser } from '@dayframe/web-kit/testing';
import { ForgotPage } from './forgot.tsx';

function renderForgot() {
  return renderAt('/forgot', { '/forgot': <ForgotPage /> });
}

type Fields = { email?: string; code?: string; password?: string; confirm?: string };
const complete = {
  email: 'ada@example.com',
  code: '123456',
  password: 'new-password',
  confirm: 'new-password',
};

async function reset(fields: Fields) {
  const user = userEvent.setup();
  if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
  if (fields.code) await user.type(screen.getByLabelText('Code'), fields.code);
  if (fields.password) await user.type(screen.getByLabelText('New Password'), fields.password);
  if (fields.confirm) await user.type(screen.getByLabelText('Confirm Password'), fields.confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('forgot screen', () => {
  it('links to login, signup and home', () => {
    renderForgot();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
  });

  it('asks for the e-mail before sending a code', async () => {
    const api = fakeApi({});
    renderForgot();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send code' }));
    expect(toastTexts()).toEqual(['Please fill out email']);
    expect(api.calls).toEqual([]);
  });

  it('sends a code without a bearer header and starts the cooldown', async () => {
    localStorage.setItem('token', 'someone-else');
    const api = fakeApi({ 'POST /auth/otp/send': [200, { message: 'sent' }] });
    renderForgot();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual(['Verification code sent. Check your email.']),
    );
    expect(api.calls[0]).toMatchObject({
      path: '/auth/otp/send',
      body: { email: 'ada@example.com' },
      authorization: null,
    });
    const resend = screen.getByRole('button', { name: /Resend in \d+s/ });
    expect(resend.textContent).toBe('Resend in 60s');
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(wasCodeSent()).toBe(true);
  });

  it.each<[number, unknown, string]>([
    [404, { message: 'No such user', code: 'unknown_email' }, 'No user with that email'],
    [429, {}, 'Please wait before requesting another code.'],
    [429, { message: 'Slow down, please.', code: 'too_many_requests' }, 'Slow down, please.'],
    [503, { message: 'x', code: 'unavailable' }, 'Dayframe is busy. Try again in a moment.'],
    [500, {}, 'Failed to send code'],
  ])('send code answered %i → the spec message', async (status, body, message) => {
    fakeApi({ 'POST /auth/otp/send': [status, body] });
    renderForgot();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(toastTexts()).toEqual([message]));
  });

  it.each<[string, Fields, string]>([
    ['e-mail missing', { ...complete, email: '' }, 'Please fill out email'],
    ['code of 5 digits', { ...complete, code: '12345' }, 'Enter the 6-digit code.'],
    ['code with letters only', { ...complete, code: 'abcdef' }, 'Enter the 6-digit code.'],
    ['passwords differ', { ...complete, confirm: 'new-passworD' }, 'Passwords must match'],
    [
      'password of 7',
      { ...complete, password: 'seven77', confirm: 'seven77' },
      'Password must be at least 8 characters.',
    ],
  ])('reset with %s: says so and sends nothing', async (_case, fields, message) => {
    const api = fakeApi({});
    renderForgot();
    await reset(fields);
    expect(toastTexts()).toEqual([message]);
    expect(api.calls).toEqual([]);
  });

  it('strips non-digits from the code as it is typed', async () => {
    renderForgot();
    await userEvent.setup().type(screen.getByLabelText('Code'), '12-34 5a6');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('123456');
  });

  it('checks the code, sets the password with the fresh token, then sends the user to log in', async () => {
    const api = fakeApi({
      'POST /auth/otp/verify': [200, { token: 'fresh', user: verifiedUser }],
      'PUT /user/password': [
        200,
        { message: 'Password updated', token: 'newer', user: verifiedUser },
      ],
    });
    renderForgot();
    await reset(complete);
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(toastTexts()).toEqual(['Password updated, Try to login now']);
    expect(api.calls.map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      'POST /auth/otp/verify null',
      'PUT /user/password Bearer fresh',
    ]);
    expect(api.calls[0]!.body).toEqual({ email: 'ada@example.com', otp: '123456' });
    expect(api.calls[1]!.body).toEqual({ newPassword: 'new-password' });
    expect(session.getState().user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the code errors of the verify step', async () => {
    fakeApi({ 'POST /auth/otp/verify': [400, { message: 'bad', code: 'invalid_code' }] });
    renderForgot();
    await reset(complete);
    await waitFor(() => expect(toastTexts()).toEqual(['Invalid or expired code.']));
    expect(currentPath()).toBe('/forgot');
  });

  it('only logs a failed password change', async () => {
    fakeApi({
      'POST /auth/otp/verify': [200, { token: 'fresh', user: verifiedUser }],
      'PUT /user/password': [500, { message: 'boom', code: 'internal' }],
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderForgot();
    await reset(complete);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(toastTexts()).toEqual([]);
    expect(currentPath()).toBe('/forgot');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
