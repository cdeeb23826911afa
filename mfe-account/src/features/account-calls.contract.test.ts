import { describe, expect, it } from 'vitest';
import {
  authResponse,
  deleteAllResponse,
  messageResponse,
  otpSendResponse,
  passwordChangeResponse,
  profileUpdateResponse,
  userList,
} from '@dayframe/contracts';
import { remoteCallsForSuite } from '@dayframe/e2e-kit';
import { sendCode, verifyCode } from '@dayframe/web-kit';
import { confirmWithPassword } from '@dayframe/web-kit/testing/step-up';
import { changePassword, deleteAccount, updateProfile } from './settings/api/account-calls.ts';
import { deleteAllUsers, deleteUser, listUsers } from './admin/api/admin-calls.ts';

/** This remote's own calls, as its screens send them, against the real identity service. */
describe('mfe-account calls against the identity service', () => {
  const calls = remoteCallsForSuite();

  it('settings: code, password change, profile and account deletion fit the contract', async () => {
    const { server, webKit } = calls;
    // The first account is the admin; settings are tried on a second, plain one, verified with
    // this remote's own code calls.
    await server.verifiedAccount('Admin', 'admin@example.com');
    await server.api.call('POST', '/api/auth/signup', {
      body: { name: 'Sam', email: 'sam@example.com', password: 'correct horse battery' },
    });
    otpSendResponse.parse(await sendCode('sam@example.com'));
    const verified = authResponse.parse(
      await verifyCode('sam@example.com', await server.outboxCode('sam@example.com')),
    );
    expect(verified.user.email).toBe('sam@example.com');

    const changed = passwordChangeResponse.parse(
      await changePassword(verified.token, 'a brand new password'),
    );
    expect(changed.user.email).toBe('sam@example.com');
    webKit.signIn(changed.token);

    const profile = profileUpdateResponse.parse(
      await updateProfile({ name: 'Samuel', email: 'sam@example.com' }),
    );
    expect(profile.updatedUser.name).toBe('Samuel');
    webKit.signIn(profile.token);

    // Deleting asks "Confirm it's you": answered with the password, then the call runs again.
    const undo = confirmWithPassword('a brand new password');
    messageResponse.parse(await deleteAccount());
    undo();
    const login = await server.api.call('POST', '/api/auth/login', {
      body: { email: 'sam@example.com', password: 'a brand new password' },
    });
    expect(login.status).toBe(404);
  });

  it('admin: list users, delete one, delete all; every answer fits the contract', async () => {
    const { server, webKit } = calls;
    const admin = await server.api.call('POST', '/api/auth/login', {
      body: { email: 'admin@example.com', password: 'correct horse battery' },
    });
    webKit.signIn(admin.body.token);
    const undo = confirmWithPassword('correct horse battery');
    const one = await server.verifiedAccount('One', 'one@example.com');
    await server.verifiedAccount('Two', 'two@example.com');
    await server.verifiedAccount('Three', 'three@example.com');

    const users = userList.parse((await listUsers('', null)).items);
    expect(users.map((u) => u.email)).toEqual(
      expect.arrayContaining(['admin@example.com', 'one@example.com', 'two@example.com']),
    );
    messageResponse.parse(await deleteUser(one.user._id));
    expect(userList.parse((await listUsers('', null)).items).map((u) => u.email)).not.toContain(
      'one@example.com',
    );
    const rest = deleteAllResponse.parse(await deleteAllUsers());
    expect(rest.deleted).toBeGreaterThanOrEqual(2);
    expect(userList.parse((await listUsers('', null)).items).map((u) => u.email)).toEqual([
      'admin@example.com',
    ]);
    undo();
  });
});
