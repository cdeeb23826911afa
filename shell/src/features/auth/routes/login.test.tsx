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
});
