import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  markCodeSent,
  resendSecondsLeft,
  session,
  startResendCooldown,
  wasCodeSent,
} from '@dayframe/web-kit';
import { currentPath, renderAt, toastTexts } from '@dayframe/web-kit/testing';
import { fakeApi, unverifiedUser, verifiedUser } from '@dayframe/web-kit/testing';
import { VerifyPage } from './verify.tsx';

function renderVerify() {
  session.signIn('tok', unverifiedUser);
  return renderAt('/verify', { '/verify': <VerifyPage /> });
}

async function submitCode(code: string) {
  const user = userEvent.setup();
  if (code) await user.type(screen.getByLabelText('Verification code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('verify screen', () => {
  it('sends a code on arrival when none was sent, once, and starts the cooldown', async () => {
    const api = fakeApi({ 'POST /auth/otp/send': [200, { message: 'sent' }] });
    renderVerify();
    await waitFor(() =>
      expect(toastTexts()).toEqual(['Verification code sent. Check your email.']),
    );
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/auth/otp/send',
        body: { email: unverifiedUser.email },
        authorization: null,
      },
    ]);
    expect(screen.getByRole('button', { name: 'Resend in 60s' })).toHaveProperty('disabled', true);
    expect(wasCodeSent()).toBe(true);
  });

  it('does not send again when a code was sent before', async () => {
    markCodeSent();
    startResendCooldown(Date.now() - 45_000);
    const api = fakeApi({});
    renderVerify();
    expect(screen.getByRole('button', { name: 'Resend in 15s' })).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(api.calls).toEqual([]);
  });

  it('offers Resend code once the cooldown is over', async () => {
    markCodeSent();
    const api = fakeApi({ 'POST /auth/otp/send': [200, { message: 'sent' }] });
    renderVerify();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend in 60s' })).toBeTruthy());
  });

  it('uses a numeric input of at most 6 characters', () => {
    markCodeSent();
    renderVerify();
    const input = screen.getByLabelText('Verification code') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    expect(input.maxLength).toBe(6);
  });

  it('asks for 6 digits and sends nothing', async () => {
    markCodeSent();
    const api = fakeApi({});
    renderVerify();
    await submitCode('12a45');
    expect(toastTexts()).toEqual(['Enter the 6-digit code.']);
    expect(api.calls).toEqual([]);
  });

  it.each<[number, unknown, string]>([
    [400, { message: 'x', code: 'invalid_code' }, 'Invalid or expired code.'],
    [
      429,
      { message: 'x', code: 'code_attempts_exceeded' },
      'Too many attempts. Request a new code.',
    ],
    // This address tried too many codes (issue 14): wait, a new code would not help.
    [
      429,
      { message: 'x', code: 'too_many_code_guesses' },
      'Too many attempts. Try again in a few minutes.',
    ],
    [503, { message: 'x', code: 'unavailable' }, 'Dayframe is busy. Try again in a moment.'],
    [500, undefined, 'Verification failed.'],
  ])('a %i answer shows the spec message', async (status, body, message) => {
    markCodeSent();
    fakeApi({ 'POST /auth/otp/verify': [status, body] });
    renderVerify();
    await submitCode('123456');
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    expect(currentPath()).toBe('/verify');
  });

  it('on success stores the new session, clears flag and cooldown, and goes to the dashboard', async () => {
    markCodeSent();
    startResendCooldown();
    const api = fakeApi({
      'POST /auth/otp/verify': [200, { token: 'verified-token', user: verifiedUser }],
    });
    renderVerify();
    await submitCode('654321');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(api.calls[0]).toMatchObject({ body: { email: unverifiedUser.email, otp: '654321' } });
    expect(toastTexts()).toEqual(['Email verified!']);
    expect(localStorage.getItem('token')).toBe('verified-token');
    expect(wasCodeSent()).toBe(false);
    expect(resendSecondsLeft()).toBe(0);
  });

  it('sends a verified user to the dashboard', () => {
    session.signIn('tok', verifiedUser);
    renderAt('/verify', { '/verify': <VerifyPage /> });
    expect(currentPath()).toBe('/dashboard');
  });

  it('Use a different e-mail ends the session and goes to signup', async () => {
    markCodeSent();
    renderVerify();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a different e-mail' }));
    expect(currentPath()).toBe('/signup');
    expect(session.getState().user).toBeNull();
  });
});
