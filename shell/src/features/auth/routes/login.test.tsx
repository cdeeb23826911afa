import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { currentPath, renderAt, toastTexts } from '@dayframe/web-kit/testing';
import { fakeApi, unverifiedUser, verifiedUser } from '@dayframe/web-kit/testing';
import { LoginPage } from './login.tsx';

function renderLogin() {
  return renderAt('/login', { '/login': <LoginPage /> });
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('login screen', () => {
  it('is titled with the product name and links to forgot, signup and home', async () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Dayframe');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(currentPath()).toBe('/forgot');
  });

  it.each([
    ['', 'secret-password'],
    ['ada@example.com', ''],
    ['', ''],
  ])('asks for both fields (email %j, password %j) and sends nothing', async (email, password) => {
    const api = fakeApi({});
    renderLogin();
    await fillAndSubmit(email, password);
    expect(toastTexts()).toEqual(['Please fill out all required forms!']);
    expect(api.calls).toEqual([]);
  });

  it('says no user was found on 404 and clears the password', async () => {
    fakeApi({ 'POST /auth/login': [404, { message: 'whatever', code: 'unknown_email' }] });
    renderLogin();
    await fillAndSubmit('nobody@example.com', 'secret-password');
    await waitFor(() => expect(toastTexts()).toEqual(['No user found with email']));
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('nobody@example.com');
  });

  it.each<[number, string]>([
    [429, 'Too many attempts. Try again in a few minutes.'],
    [503, 'Dayframe is busy. Try again in a moment.'],
  ])('tells the person what a %i means (issue 14)', async (status, message) => {
    fakeApi({ 'POST /auth/login': [status, { message: 'server words', code: 'x' }] });
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret-password');
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    expect(currentPath()).toBe('/login');
  });

  it('says the password is wrong on 409 and clears it', async () => {
    fakeApi({ 'POST /auth/login': [409, { message: 'x', code: 'incorrect_password' }] });
    renderLogin();
    await fillAndSubmit('ada@example.com', 'wrong-password');
    await waitFor(() => expect(toastTexts()).toEqual(['Incorrect password']));
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('shows nothing for other errors but still clears the password', async () => {
    fakeApi({ 'POST /auth/login': [500, { message: 'Internal error', code: 'internal' }] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret-password');
    await waitFor(() =>
      expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(''),
    );
    expect(toastTexts()).toEqual([]);
    expect(logged).toHaveBeenCalled();
  });

  it('stores the token and sends a verified user to /dashboard, without a bearer header', async () => {
    const api = fakeApi({ 'POST /auth/login': [200, { token: 'tok-1', user: verifiedUser }] });
    localStorage.setItem('token', 'stale');
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret-password');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/login',
      body: { email: 'ada@example.com', password: 'secret-password' },
      authorization: null,
    });
  });

  it('sends an unverified user to /verify', async () => {
    fakeApi({ 'POST /auth/login': [200, { token: 'tok-2', user: unverifiedUser }] });
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret-password');
    await waitFor(() => expect(currentPath()).toBe('/verify'));
  });

  it('sends someone already signed in straight on', () => {
    session.signIn('tok-3', verifiedUser);
    renderLogin();
    expect(currentPath()).toBe('/dashboard');
  });

  describe('with a second factor (issue 28)', () => {
    const challenge = {
      twoFactorRequired: true,
      challenge: 'ch-1',
      methods: ['totp', 'passkey', 'recovery'],
    };

    it('asks for the app code after the password, says a wrong one, then signs in', async () => {
      let tries = 0;
      const api = fakeApi({
        'POST /auth/login': [200, challenge],
        'POST /auth/2fa/verify': () =>
          ++tries === 1
            ? [401, { message: 'Invalid code. Try again.', code: 'invalid_code' }]
            : [200, { token: 'tok-2fa', user: verifiedUser }],
      });
      renderLogin();
      await fillAndSubmit('ada@example.com', 'secret-password');
      const code = await screen.findByLabelText('Authentication code');
      expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
      expect(code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(code.getAttribute('inputmode')).toBe('numeric');
      expect(localStorage.getItem('token')).toBeNull();
      const user = userEvent.setup();
      await user.type(code, '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Invalid code. Try again.');
      await user.type(screen.getByLabelText('Authentication code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(currentPath()).toBe('/dashboard'));
      expect(localStorage.getItem('token')).toBe('tok-2fa');
      expect(api.callsTo('POST /auth/2fa/verify').map((c) => c.body)).toEqual([
        { challenge: 'ch-1', code: '000000' },
        { challenge: 'ch-1', code: '123456' },
      ]);
    });

    it('takes a recovery code instead', async () => {
      const api = fakeApi({
        'POST /auth/login': [200, challenge],
        'POST /auth/2fa/verify': [200, { token: 'tok-r', user: verifiedUser }],
      });
      renderLogin();
      await fillAndSubmit('ada@example.com', 'secret-password');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
      await user.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(currentPath()).toBe('/dashboard'));
      expect(api.callsTo('POST /auth/2fa/verify')[0]!.body).toEqual({
        challenge: 'ch-1',
        code: 'abcde-12345',
      });
    });

    it('offers no recovery code or passkey the account does not have', async () => {
      fakeApi({ 'POST /auth/login': [200, { ...challenge, methods: ['totp'] }] });
      renderLogin();
      await fillAndSubmit('ada@example.com', 'secret-password');
      await screen.findByLabelText('Authentication code');
      expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    });

    it('goes back to the password with the server words when the challenge ended', async () => {
      fakeApi({
        'POST /auth/login': [200, challenge],
        'POST /auth/2fa/verify': [
          401,
          { message: 'Too many wrong codes. Log in again.', code: 'challenge_ended' },
        ],
      });
      renderLogin();
      await fillAndSubmit('ada@example.com', 'secret-password');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Authentication code'), '111111');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(toastTexts()).toEqual(['Too many wrong codes. Log in again.']));
      expect(await screen.findByLabelText('Password')).toBeTruthy();
      expect(screen.queryByLabelText('Authentication code')).toBeNull();
    });

    it('signs in with the second-step passkey', async () => {
      const get = vi.fn(async () => ({ toJSON: () => assertion }));
      vi.stubGlobal('PublicKeyCredential', {
        parseRequestOptionsFromJSON: (o: unknown) => ({ parsed: o }),
      });
      vi.stubGlobal('navigator', { ...navigator, credentials: { get } });
      const api = fakeApi({
        'POST /auth/login': [200, challenge],
        'POST /auth/2fa/passkey-options': [
          200,
          { challenge: 'ch-1', options: { challenge: 'AA' } },
        ],
        'POST /auth/2fa/verify': [200, { token: 'tok-p', user: verifiedUser }],
      });
      renderLogin();
      await fillAndSubmit('ada@example.com', 'secret-password');
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a passkey' }));
      await waitFor(() => expect(currentPath()).toBe('/dashboard'));
      expect(get).toHaveBeenCalledWith({
        publicKey: { parsed: { challenge: 'AA' } },
        signal: undefined,
      });
      expect(api.callsTo('POST /auth/2fa/verify')[0]!.body).toEqual({
        challenge: 'ch-1',
        passkey: assertion,
      });
      vi.unstubAllGlobals();
    });
  });

  describe('with a passkey alone (issue 28)', () => {
    it('offers passkeys in the e-mail autofill', () => {
      renderLogin();
      expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn');
    });

    it('signs in without an e-mail from "Sign in with a passkey"', async () => {
      const get = vi.fn(async () => ({ toJSON: () => assertion }));
      vi.stubGlobal('PublicKeyCredential', {
        parseRequestOptionsFromJSON: (o: unknown) => ({ parsed: o }),
      });
      vi.stubGlobal('navigator', { ...navigator, credentials: { get } });
      const api = fakeApi({
        'POST /auth/passkeys/sign-in-options': [
          200,
          { challenge: 'w-1', options: { challenge: 'AA' } },
        ],
        'POST /auth/passkeys/sign-in': [200, { token: 'tok-pk', user: verifiedUser }],
      });
      renderLogin();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
      await waitFor(() => expect(currentPath()).toBe('/dashboard'));
      expect(localStorage.getItem('token')).toBe('tok-pk');
      expect(api.callsTo('POST /auth/passkeys/sign-in')[0]!.body).toEqual({
        challenge: 'w-1',
        response: assertion,
      });
      vi.unstubAllGlobals();
    });

    it('says so when the browser has no passkeys, and sends nothing', async () => {
      const api = fakeApi({});
      renderLogin();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
      await waitFor(() =>
        expect(toastTexts()).toEqual([
          "This browser can't use passkeys. Log in with your password.",
        ]),
      );
      expect(api.calls).toEqual([]);
    });
  });
});

const assertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30' },
  clientExtensionResults: {},
};
