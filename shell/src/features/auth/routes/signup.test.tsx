import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { currentPath, renderAt, toastTexts } from '@dayframe/web-kit/testing';
import { fakeApi, unverifiedUser } from '@dayframe/web-kit/testing';
import { SignupPage } from './signup.tsx';

type Fields = { name?: string; email?: string; password?: string; confirm?: string };

async function submit(fields: Fields) {
  const user = userEvent.setup();
  if (fields.name) await user.type(screen.getByLabelText('Name'), fields.name);
  if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
  if (fields.password) await user.type(screen.getByLabelText('Password'), fields.password);
  if (fields.confirm) await user.type(screen.getByLabelText('Confirm Password'), fields.confirm);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

const complete = {
  name: 'Ada',
  email: 'ada@example.com',
  password: 'long-enough',
  confirm: 'long-enough',
};

describe('signup screen', () => {
  it('shows the terms note as plain text and links to login and home', () => {
    renderAt('/signup', { '/signup': <SignupPage /> });
    const note = screen.getByText(
      /By signing up, you agree to the Terms of Service and Privacy Policy/,
    );
    expect(note.querySelector('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
  });

  it.each<[string, Fields, string]>([
    ['name missing', { ...complete, name: '' }, 'All fields must be filled'],
    ['e-mail missing', { ...complete, email: '' }, 'All fields must be filled'],
    ['password missing', { ...complete, password: '' }, 'All fields must be filled'],
    ['confirmation missing', { ...complete, confirm: '' }, 'All fields must be filled'],
    ['passwords differ', { ...complete, confirm: 'long-enougH' }, 'Passwords must match'],
    [
      'password of 7',
      { ...complete, password: 'seven77', confirm: 'seven77' },
      'Password must be longer than 8 characters',
    ],
  ])('%s: says so and sends nothing', async (_case, fields, message) => {
    const api = fakeApi({});
    renderAt('/signup', { '/signup': <SignupPage /> });
    await submit(fields);
    expect(toastTexts()).toEqual([message]);
    expect(api.calls).toEqual([]);
  });

  it('accepts a password of exactly 8 and goes to /verify', async () => {
    const api = fakeApi({ 'POST /auth/signup': [201, { token: 'tok', user: unverifiedUser }] });
    renderAt('/signup', { '/signup': <SignupPage /> });
    await submit({ ...complete, password: 'eight888', confirm: 'eight888' });
    await waitFor(() => expect(currentPath()).toBe('/verify'));
    expect(api.calls[0]).toMatchObject({
      path: '/auth/signup',
      body: { name: 'Ada', email: 'ada@example.com', password: 'eight888' },
      authorization: null,
    });
    expect(session.getState().user).toEqual(unverifiedUser);
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('says the e-mail is in use on 409', async () => {
    fakeApi({ 'POST /auth/signup': [409, { message: 'x', code: 'email_in_use' }] });
    renderAt('/signup', { '/signup': <SignupPage /> });
    await submit(complete);
    await waitFor(() => expect(toastTexts()).toEqual(['Email already in use']));
    expect(currentPath()).toBe('/signup');
  });

  it.each<[number, string]>([
    [429, 'Too many attempts. Try again in a few minutes.'],
    [503, 'Dayframe is busy. Try again in a moment.'],
  ])('tells the person what a %i means (issue 14)', async (status, message) => {
    fakeApi({ 'POST /auth/signup': [status, { message: 'server words', code: 'x' }] });
    renderAt('/signup', { '/signup': <SignupPage /> });
    await submit(complete);
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    expect(currentPath()).toBe('/signup');
  });

  it('only logs other errors', async () => {
    fakeApi({ 'POST /auth/signup': [500, { message: 'boom', code: 'internal' }] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/signup', { '/signup': <SignupPage /> });
    await submit(complete);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(toastTexts()).toEqual([]);
  });

  it('sends an unverified user who is signed in to /verify', () => {
    session.signIn('tok', unverifiedUser);
    renderAt('/signup', { '/signup': <SignupPage /> });
    expect(currentPath()).toBe('/verify');
  });
});
