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

async function save(fields: { name?: string; email?: string }) {
  const user = userEvent.setup();
  if (fields.name !== undefined) {
    await user.clear(screen.getByLabelText('Name'));
    if (fields.name) await user.type(screen.getByLabelText('Name'), fields.name);
  }
  if (fields.email !== undefined) {
    await user.clear(screen.getByLabelText('Email'));
    if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
  }
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

  it('a new address leaves the session unverified and lets /verify mail the new address', async () => {
    localStorage.setItem('otpSent', '1');
    const updatedUser = { ...verifiedUser, email: 'ada@new.example', verified: false };
    fakeApi({ 'PUT /user/update': [200, { token: 'moved-token', updatedUser }] });
    renderForm();
    await save({ email: 'ada@new.example' });
    await waitFor(() => expect(toastTexts()).toEqual(['Information successfully saved']));
    expect(session.getState().user).toMatchObject({ email: 'ada@new.example', verified: false });
    expect(wasCodeSent()).toBe(false);
  });

  it('says "Email already in use." when the server answers 403', async () => {
    fakeApi({ 'PUT /user/update': [403, { message: 'Forbidden', code: 'email_in_use' }] });
    renderForm();
    await save({ email: 'taken@example.com' });
    await waitFor(() => expect(toastTexts()).toEqual(['Email already in use.']));
    expect(session.getState()).toMatchObject({ token: 'session-token', user: verifiedUser });
  });

  it("shows the server's reason for other refusals", async () => {
    fakeApi({
      'PUT /user/update': [400, { message: 'Please enter a valid email address', code: 'x' }],
    });
    renderForm();
    await save({ email: 'not-an-address' });
    await waitFor(() => expect(toastTexts()).toEqual(['Please enter a valid email address']));
  });
});
