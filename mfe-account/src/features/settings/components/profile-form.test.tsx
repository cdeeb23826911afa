import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session, wasCodeSent } from '@dayframe/web-kit';
import { renderAt, toastTexts } from '@dayframe/web-kit/testing';
import { fakeApi, verifiedUser } from '@dayframe/web-kit/testing';
import { ProfileForm } from './profile-form.tsx';

function renderForm() {
  session.signIn('session-token', verifiedUser);
  return renderAt('/settings', { '/settings': <ProfileForm /> });
}

async function save(fields: { name?: string; email?: string; code?: string }) {
  const user = userEvent.setup();
  if (fields.name !== undefined) {
    await user.clear(screen.getByLabelText('Name'));
    if (fields.name) await user.type(screen.getByLabelText('Name'), fields.name);
  }
  if (fields.email !== undefined) {
    await user.clear(screen.getByLabelText('Email'));
    if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
  }
  if (fields.code !== undefined)
    await user.type(screen.getByLabelText('Code from your current e-mail'), fields.code);
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
}

describe('update profile', () => {
  it("starts from the session user's name and e-mail", () => {
    renderForm();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(verifiedUser.name);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(verifiedUser.email);
  });

  it.each<[string, { name?: string; email?: string }]>([
    ['untouched', {}],
    ['retyped the same', { name: verifiedUser.name, email: verifiedUser.email }],
    [
      'differing only in case and spaces',
      { name: ` ${verifiedUser.name} `, email: 'ADA@example.com' },
    ],
  ])('%s: "Name and email are the same", nothing sent', async (_case, fields) => {
    const api = fakeApi({});
    renderForm();
    await save(fields);
    expect(toastTexts()).toEqual(['Name and email are the same']);
    expect(api.calls).toEqual([]);
  });

  it('needs both a name and an e-mail', async () => {
    const api = fakeApi({});
    renderForm();
    await save({ name: '' });
    expect(toastTexts()).toEqual(['Name and email are required']);
    expect(api.calls).toEqual([]);
  });

  it('saves a new name and puts the new token and user in the session', async () => {
    const updatedUser = { ...verifiedUser, name: 'Ada King' };
    const api = fakeApi({ 'PUT /user/update': [200, { token: 'renamed-token', updatedUser }] });
    renderForm();
    await save({ name: 'Ada King' });
    await waitFor(() => expect(toastTexts()).toEqual(['Information successfully saved']));
    expect(api.calls).toEqual([
      {
        method: 'PUT',
        path: '/user/update',
        body: { name: 'Ada King', email: verifiedUser.email },
        authorization: 'Bearer session-token',
      },
    ]);
    expect(session.getState()).toMatchObject({ token: 'renamed-token', user: updatedUser });
    expect(localStorage.getItem('token')).toBe('renamed-token');
  });

  it('a new address asks for a code sent to the current address, and sends nothing without it', async () => {
    const api = fakeApi({ 'POST /auth/otp/send': [200, { message: 'sent' }] });
    renderForm();
    expect(screen.queryByLabelText('Code from your current e-mail')).toBeNull();
    await save({ email: 'ada@new.example' });
    expect(toastTexts()).toEqual(['Enter the 6-digit code.']);
    expect(api.calls).toEqual([]);
    expect(
      screen.getByText(/To change your e-mail, enter the code we send to/).textContent,
    ).toContain(verifiedUser.email);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send code to my e-mail' }));
    await waitFor(() => expect(api.callsTo('POST /auth/otp/send')).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({ body: { email: verifiedUser.email } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Resend in \d+s/ })).toBeTruthy(),
    );
  });

  it('a new address: the code is checked, the save goes with its token, the session turns unverified', async () => {
    localStorage.setItem('otpSent', '1');
    const updatedUser = { ...verifiedUser, email: 'ada@new.example', verified: false };
    const api = fakeApi({
      'POST /auth/otp/verify': [200, { token: 'code-token', user: verifiedUser }],
      'PUT /user/update': [200, { token: 'moved-token', updatedUser }],
    });
    renderForm();
    await save({ email: 'ada@new.example', code: '123456' });
    await waitFor(() => expect(toastTexts()).toEqual(['Information successfully saved']));
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/auth/otp/verify',
        body: { email: verifiedUser.email, otp: '123456' },
        authorization: 'Bearer session-token',
      },
      {
        method: 'PUT',
        path: '/user/update',
        body: { name: verifiedUser.name, email: 'ada@new.example' },
        authorization: 'Bearer code-token',
      },
    ]);
    expect(session.getState()).toMatchObject({
      token: 'moved-token',
      user: { email: 'ada@new.example', verified: false },
    });
    expect(wasCodeSent()).toBe(false);
  });

  it('a wrong code is said so and nothing is saved', async () => {
    const api = fakeApi({ 'POST /auth/otp/verify': [400, { message: 'x', code: 'invalid_code' }] });
    renderForm();
    await save({ email: 'ada@new.example', code: '000000' });
    await waitFor(() => expect(toastTexts()).toEqual(['Invalid or expired code.']));
    expect(api.callsTo('PUT /user/update')).toEqual([]);
    expect(session.getState()).toMatchObject({ token: 'session-token', user: verifiedUser });
  });

  it('says "Email already in use." when the server answers 403', async () => {
    fakeApi({
      'POST /auth/otp/verify': [200, { token: 'code-token', user: verifiedUser }],
      'PUT /user/update': [403, { message: 'Forbidden', code: 'email_in_use' }],
    });
    renderForm();
    await save({ email: 'taken@example.com', code: '123456' });
    await waitFor(() => expect(toastTexts()).toEqual(['Email already in use.']));
    expect(session.getState()).toMatchObject({ token: 'session-token', user: verifiedUser });
  });

  it("shows the server's reason for other refusals", async () => {
    fakeApi({
      'POST /auth/otp/verify': [200, { token: 'code-token', user: verifiedUser }],
      'PUT /user/update': [400, { message: 'Please enter a valid email address', code: 'x' }],
    });
    renderForm();
    await save({ email: 'not-an-address', code: '123456' });
    await waitFor(() => expect(toastTexts()).toEqual(['Please enter a valid email address']));
  });
});
